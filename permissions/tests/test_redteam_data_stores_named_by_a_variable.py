"""SPEC §5 step 6, red team: a data store on another machine handed to a program by a variable -- a database,
cache, broker or search cluster's URL, DSN or host, with its credentials (`DATABASE_URL=postgres://u:p@prod-db/app
npm test`, `PGHOST=prod.example.com npm run migrate`, `MONGO_URL=mongodb://prod node scripts/cleanup.js`) -- lets a
program whose effect no rule can see read and change another machine's data: it was auto-approved. The variable is
read as the migrations read theirs (permissions.commands.migrations): another machine, or a value no rule reads
(`DATABASE_URL=$PROD_DATABASE_URL`), is an external effect that asks. This machine's loopback, a socket, a file
database and a compose service named by one label (`db`, `postgres`) stay ordinary.
"""

from __future__ import annotations

import pytest

from .redteam import capped_where, stays_auto_where


@pytest.mark.parametrize(
    "command",
    [
        "DATABASE_URL=postgres://u:p@prod-db.example.com/app npm test",
        "DATABASE_URL=postgresql://u:p@10.0.3.7:5432/app pytest -q",
        "DATABASE_URL=mysql://root@db.internal.example.com/app python scripts/backfill.py",
        "DATABASE_URL=$PROD_DATABASE_URL npm test",
        "DATABASE_URL=${PROD_DATABASE_URL} node scripts/cleanup.js",
        "PGHOST=prod.example.com npm run migrate",
        "PGHOST=10.1.2.3 PGUSER=app node scripts/seed.js",
        "PGHOSTADDR=192.0.2.10 python scripts/export.py",
        "MONGO_URL=mongodb://prod.example.com node scripts/cleanup.js",
        "MONGODB_URI=mongodb+srv://u:p@cluster0.abcde.mongodb.net/app npm run seed",
        "REDIS_URL=redis://cache.prod.example.com npm start",
        "REDIS_URL=rediss://:secret@cache.example.com:6380 node worker.js",
        "CELERY_BROKER_URL=amqp://u:p@mq.example.com// python worker.py",
        "SQLALCHEMY_DATABASE_URI=postgresql://u@prod.example.com/app python app.py",
        "DB_HOST=prod-db.example.com php scripts/cleanup.php",
        "MYSQL_HOST=db.example.com ruby scripts/purge.rb",
        "REDIS_HOST=cache.example.com node flush.js",
        "ELASTICSEARCH_URL=https://search.example.com:9200 npm run reindex",
        "CACHE_URL=redis://prod-cache.example.com/0 npm test",
        "DATABASE_URL=postgres://u@prod/app npm test",
        "DATABASE_URL=jdbc:postgresql://prod.example.com/app ./gradlew test",
        "env DATABASE_URL=postgres://u:p@prod-db.example.com/app npm test",
        "env -u PAGER DATABASE_URL=postgres://prod.example.com/app npm test",
        "export DATABASE_URL=postgres://u:p@prod-db.example.com/app && npm test",
        "CI=1 DATABASE_URL=postgres://u:p@prod-db.example.com/app npm test",
    ],
)
def test_a_data_store_on_another_machine_named_by_a_variable_asks(command):
    capped_where(command)


@pytest.mark.parametrize(
    "command",
    [
        "DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm test",
        "DATABASE_URL=postgres://postgres@localhost/test pytest -q",
        "DATABASE_URL=postgresql://u@[::1]:5432/test pytest",
        "DATABASE_URL=postgres://u@db/app npm test",
        "DATABASE_URL=postgres://postgres:postgres@postgres:5432/test pytest",
        "REDIS_URL=redis://redis:6379/0 npm test",
        "DATABASE_URL=sqlite:///test.db pytest",
        "DATABASE_URL=file:./dev.db npm test",
        "DATABASE_URL='postgres:///app?host=/var/run/postgresql' pytest",
        "PGHOST=localhost npm test",
        "PGHOST=db npm test",
        "DB_HOST=127.0.0.1 php artisan test",
        "MONGO_URL=mongodb://localhost:27017/test npm test",
        "API_URL=https://api.example.com npm test",
        "NODE_ENV=test npm test",
    ],
)
def test_this_machines_and_a_compose_services_data_stay_ordinary(command):
    stays_auto_where(command, places=("sandbox", "agent"))
