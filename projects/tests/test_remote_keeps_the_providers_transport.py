"""The push remote receives the workspace owner's token (R9.2), so a maintainer may set it only on the
provider's own origin (R9.7: the token goes only to the provider's host, over its transport): the same host,
and the same scheme and port as the provider's base URL -- not ``http://`` to a provider served over HTTPS
(the token would cross the network in clear text, readable and replayable by anyone on the path), and not
another port of the provider's host (another service, perhaps one a tenant runs). The owner may set any
remote: it is their token."""

from __future__ import annotations

import pytest

from projects.services import set_credentials


def patch(client, project, body):
    return client.patch(f"/api/projects/{project.id}/", body, format="json")


PROVIDERS = {
    "github": ("github", ""),
    "github-api": ("github", "https://api.github.com"),
    "gitlab": ("gitlab", ""),
    "gitlab-port": ("gitlab", "https://gitlab.corp.example:8443"),
    "ghe": ("github", "https://ghe.corp.example/api/v3"),
    "gitlab-http": ("gitlab", "http://gitlab.lan.example"),
}

REFUSED = [
    ("github", "http://github.com/acme/app.git"),
    ("github", "HTTP://github.com/acme/app.git"),
    ("github", "http://github.com:443/acme/app.git"),
    ("github", "https://github.com:8443/acme/app.git"),
    ("github", "https://github.com:80/acme/app.git"),
    ("github-api", "http://github.com/acme/app.git"),
    ("github-api", "https://github.com:444/acme/app.git"),
    ("gitlab", "http://gitlab.com/group/app.git"),
    ("gitlab", "https://gitlab.com:2222/group/app.git"),
    ("gitlab-port", "https://gitlab.corp.example/group/app.git"),
    ("gitlab-port", "http://gitlab.corp.example:8443/group/app.git"),
    ("gitlab-port", "https://gitlab.corp.example:9443/group/app.git"),
    ("ghe", "http://ghe.corp.example/acme/app.git"),
    ("ghe", "https://ghe.corp.example:8080/acme/app.git"),
    ("gitlab-http", "http://gitlab.lan.example:8080/group/app.git"),
]

ALLOWED = [
    ("github", "https://github.com/acme/app.git"),
    ("github", "https://github.com:443/acme/app.git"),
    ("github", "HTTPS://GitHub.com/acme/app.git"),
    ("github-api", "https://github.com/acme/app.git"),
    ("gitlab", "https://gitlab.com/group/sub/app.git"),
    ("gitlab-port", "https://gitlab.corp.example:8443/group/app.git"),
    ("ghe", "https://ghe.corp.example/acme/app.git"),
    ("gitlab-http", "http://gitlab.lan.example/group/app.git"),
]


def _provider(team, name):
    kind, base = PROVIDERS[name]
    set_credentials(
        actor=team.owner,
        workspace=team.ws,
        provider_kind=kind,
        provider_base_url=base,
        provider_token="tok_x",
    )


@pytest.mark.parametrize("provider,remote", REFUSED)
def test_a_maintainer_cannot_send_the_owners_token_off_the_providers_transport(team, world, provider, remote):
    _provider(team, provider)
    answer = patch(world.client(team.maintainer), team.project, {"git_remote_url": remote})
    assert answer.status_code == 400, answer.json()
    assert "git_remote_url" in str(answer.json())
    team.project.refresh_from_db()
    assert team.project.git_remote_url == ""


@pytest.mark.parametrize("provider,remote", ALLOWED)
def test_a_maintainer_may_use_the_providers_own_origin(team, world, provider, remote):
    _provider(team, provider)
    answer = patch(world.client(team.maintainer), team.project, {"git_remote_url": remote})
    assert answer.status_code == 200, answer.json()


@pytest.mark.parametrize("provider,remote", REFUSED[:4])
def test_the_owner_may_set_any_remote_it_is_their_token(team, world, provider, remote):
    _provider(team, provider)
    assert patch(world.client(team.owner), team.project, {"git_remote_url": remote}).status_code == 200
