import sys

from brabo_client.cli import main

sys.exit(main())
