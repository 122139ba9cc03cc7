"""OpenAPI descriptions of Brabo's authentication schemes (R12.1), for drf-spectacular."""

from drf_spectacular.extensions import OpenApiAuthenticationExtension


class AgentKeyScheme(OpenApiAuthenticationExtension):
    target_class = "projects.authentication.AgentKeyAuthentication"
    name = "agentKey"

    def get_security_definition(self, auto_schema):
        return {
            "type": "http",
            "scheme": "bearer",
            "description": "An agent's API key: `Bearer <agent key>`.",
        }


class PersonalTokenScheme(OpenApiAuthenticationExtension):
    target_class = "projects.authentication.PersonalTokenAuthentication"
    name = "personalToken"

    def get_security_definition(self, auto_schema):
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": "A person's token from `manage.py create_user_token`: `Token <key>`.",
        }


class RunnerKeyScheme(OpenApiAuthenticationExtension):
    target_class = "containers.authentication.RunnerKeyAuthentication"
    name = "runnerKey"

    def get_security_definition(self, auto_schema):
        return {"type": "http", "scheme": "bearer", "description": "A runner's key: `Bearer brabo_runner_…`."}
