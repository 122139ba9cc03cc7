"""R4.10, red team: Composer is a Symfony console, which runs a command -- its own, or a project script
(scripts are commands there) -- from any unambiguous abbreviation of its `:`-separated parts. ``composer
run-s deploy`` is ``composer run-script deploy``; ``composer publ`` runs the script ``publish``. A word that
starts one of Composer's own commands never runs a script (the console runs that command or refuses the word
as ambiguous: ``composer up``, ``composer dep``), so those stay ordinary, as do full script names that say
nothing of publishing (``composer test``)."""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, assert_capped, term

CAPPED = [
    # run-script abbreviated
    "composer run-s deploy",
    "composer run-sc deploy",
    "composer run-scr publish",
    "composer run- deploy",
    "composer ru deploy",
    "composer ru deploy:prod",
    "composer RUN-S deploy",
    "composer -d app run-s deploy",
    "composer --working-dir=app run-s deploy",
    "composer -n run-s deploy -- --force",
    "composer run-s upload-assets",
    # a script's name abbreviated
    "composer publ",
    "composer publi",
    "composer PUBL",
    "composer depl",
    "composer deplo",
    "composer depl:prod",
    "composer depl:p",
    "composer app:depl",
    "composer shi",
    "composer upl",
    "composer uplo:s3",
    "composer -d app publ",
    "composer --no-interaction depl",
    "php composer.phar publ",
    "php composer.phar run-s deploy",
    "php -d memory_limit=-1 composer.phar run-s deploy",
    "php -n /usr/local/bin/composer depl",
    "./composer.phar publ",
    "composer.phar run-script deploy",
    "php composer.phar deploy",
    "/usr/local/bin/composer depl",
]


@pytest.mark.parametrize("command", CAPPED)
def test_an_abbreviated_publishing_command_is_capped(command):
    assert_capped(command)


@pytest.mark.parametrize(
    "command",
    [
        "composer publ",
        "composer run-s deploy",
        "composer depl:prod",
    ],
)
def test_allow_of_composer_does_not_cover_it_in_auto_mode(command):
    v = term(command, allow=("Terminal(composer)",), autonomy=AUTO_MODE)
    assert v.decision == "require_approval", (command, v.reason)


ORDINARY = [
    "composer install",
    "composer inst",
    "composer i",
    "composer update",
    "composer up",
    "composer u",
    "composer dump",
    "composer dump-autoload -o",
    "composer dep",
    "composer d",
    "composer p",
    "composer require monolog/monolog",
    "composer req monolog/monolog",
    "composer validate",
    "composer show",
    "composer test",
    "composer run test",
    "composer run-s test",
    "composer ru lint",
    "composer phpstan",
    "composer lint",
    "composer cs-fix",
    "composer analyse",
    "composer stan",
    "composer psalm",
    "composer serve",
    "composer start",
    "composer test:unit",
    "composer post-install-cmd",
    "php composer.phar install",
    "./composer.phar dump-autoload",
    "php artisan migrate",
]


@pytest.mark.parametrize("command", ORDINARY)
def test_ordinary_composer_commands_stay_auto_approved(command):
    v = term(command, autonomy=AUTO_MODE)
    assert v.decision == "auto_approve", (command, v.reason, v.message)
