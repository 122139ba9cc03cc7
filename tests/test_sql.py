"""``brabo.sql`` reads and writes exactly what the ORM reads and writes, on whichever database runs the suite."""

from __future__ import annotations

import datetime as dt
import uuid

import pytest
from django.db import IntegrityError, connection, models, transaction
from django.test.utils import isolate_apps
from django.utils import timezone

from actions.binding import binding_of
from actions.events import Actor, record
from actions.models import ProposedAction, SessionEvent
from actions.targets import target_of
from brabo import sql
from containers.models import ProjectContainer
from projects.authentication import agent_for_key
from projects.models import Agent, AutonomyRule, Project
from projects.services import revoke_agent, set_autonomy


def _values(obj) -> dict:
    return {f.attname: getattr(obj, f.attname) for f in type(obj)._meta.concrete_fields}


def test_agent_lookup_loads_the_rows_the_orm_loads(team):
    ProjectContainer.objects.create(project=team.project, state="running", cpu=1.5, memory_mb=512)
    Project.objects.filter(pk=team.project.pk).update(
        protected_branches=["main", "rc"], module_map={"api": {}}
    )
    set_autonomy(
        agent=team.agent,
        rows=[
            {"action_type": "terminal", "mode": "auto_approve"},
            {"action_type": "git_push", "mode": "deny"},
        ],
        actor=team.maintainer,
    )

    agent = agent_for_key(team.agent_key)
    assert agent is not None

    reference = Agent.objects.select_related("project", "principal").get(pk=team.agent.pk)
    assert _values(agent) == _values(reference)
    assert _values(agent.project) == _values(reference.project)
    assert _values(agent.principal) == _values(reference.principal)
    assert agent.project.protected_branches == ["main", "rc"]  # JSON decoded, not text
    assert isinstance(agent.created_at, dt.datetime) and timezone.is_aware(agent.created_at)
    # authentication only authenticates: autonomy rows are the proposal loader's, not the agent's
    assert not hasattr(agent, "autonomy_at_auth")
    # the joined rows cost no further query, and the agent is a loaded row like any the ORM returns
    with CaptureQueries() as q:
        assert agent.project.slug and agent.principal and agent.principal.role == "maintainer"
    assert q.count == 0
    assert not agent._state.adding and agent._state.db == "default"
    agent.name = "renamed"
    agent.save(update_fields=["name"])
    assert Agent.objects.get(pk=agent.pk).name == "renamed"


def test_agent_lookup_without_container_autonomy_or_with_a_revoked_key(team):
    agent = agent_for_key(team.agent_key)
    assert agent is not None and agent.pk == team.agent.pk
    assert agent_for_key("brabo_agent_not-a-key") is None
    revoke_agent(actor=team.owner, agent=team.agent)
    revoked = agent_for_key(team.agent_key)
    assert revoked is not None and revoked.revoked_at is not None  # authentication refuses it, not the lookup


def _instance_state(obj) -> tuple[dict, bool, str | None, dict]:
    """Everything an instance holds: its attributes, its state, and what it caches of related rows."""
    attrs = {k: v for k, v in vars(obj).items() if k != "_state"}
    return attrs, obj._state.adding, obj._state.db, dict(obj._state.fields_cache)


def test_agent_lookup_builds_each_row_as_from_db_builds_it(team):
    """The lookup's rows skip ``Model.__init__`` where it would only store the values: each instance holds
    exactly what ``from_db`` over the same values holds (no attribute more or less, the same state)."""
    agent = agent_for_key(team.agent_key)
    assert agent is not None
    rows: list[models.Model] = [agent, agent.project, agent.principal]  # type: ignore[list-item]
    for loaded in rows:
        model = type(loaded)
        assert sql._plain_init(model)  # the fast path ran for it
        attnames = [f.attname for f in model._meta.concrete_fields]
        reference = model.from_db("default", attnames, [getattr(loaded, a) for a in attnames])
        mine = _instance_state(loaded)
        theirs = _instance_state(reference)
        assert mine[:3] == theirs[:3]
    # the joined rows are cached on the agent as select_related caches them, nothing else
    assert set(agent._state.fields_cache) == {"project", "principal"}


def test_agent_lookup_runs_model_init_receivers(team):
    """A ``pre_init``/``post_init`` receiver, connected at any time, sees every row the lookup loads."""
    from django.db.models.signals import post_init, pre_init

    seen: list = []

    def after(sender, instance, **kwargs):
        seen.append(("post", sender, instance.pk))

    def before(sender, args, kwargs, **extra):
        seen.append(("pre", sender, args[0]))

    post_init.connect(after, sender=Agent)
    try:
        agent = agent_for_key(team.agent_key)
    finally:
        post_init.disconnect(after, sender=Agent)
    assert agent is not None and ("post", Agent, agent.pk) in seen
    pre_init.connect(before, sender=Project)
    try:
        agent = agent_for_key(team.agent_key)
    finally:
        pre_init.disconnect(before, sender=Project)
    assert agent is not None and ("pre", Project, agent.project.pk) in seen


@isolate_apps("projects")
def test_a_row_whose_init_does_more_goes_through_from_db():
    """Only a model whose ``__init__`` would just store values is built without it."""

    class Plain(models.Model):
        name = models.CharField(max_length=10)
        project = models.ForeignKey(Project, on_delete=models.CASCADE)

        class Meta:
            app_label = "projects"

    class WithFile(models.Model):
        upload = models.FileField()

        class Meta:
            app_label = "projects"

    class WithInit(models.Model):
        name = models.CharField(max_length=10)

        class Meta:
            app_label = "projects"

        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.extra = 1

    class WithFromDb(models.Model):
        name = models.CharField(max_length=10)

        class Meta:
            app_label = "projects"

        @classmethod
        def from_db(cls, db, field_names, values, **kwargs):  # type: ignore[override]
            return super().from_db(db, field_names, values, **kwargs)

    class WithProperty(models.Model):
        name = models.CharField(max_length=10)

        class Meta:
            app_label = "projects"

    WithProperty.name = property(lambda self: "x", lambda self, value: None)  # type: ignore[assignment]

    assert sql._plain_init(Plain)
    for model in (WithFile, WithInit, WithFromDb, WithProperty):
        assert not sql._plain_init(model), model.__name__

    projection = sql.Projection(WithInit, "w")
    loaded = projection.load((7, "n"), 0, connection)
    assert loaded is not None and loaded.extra == 1 and not loaded._state.adding  # type: ignore[attr-defined]


def test_insert_writes_what_objects_create_writes(team):
    when = timezone.now() - dt.timedelta(minutes=5)
    kwargs = dict(
        project=team.project,
        agent=team.agent,
        action_type="terminal",
        payload={"command": "git status", "n": [1, 2, {"ü": None}]},
        payload_hash="h" * 64,
        status="pending",
        reason="default",
        message="Needs approval.",
        segments=[{"command": "git status", "verdict": "allow", "pattern": None}],
        scope_root="app-1234",
        auto_mode=True,
        result=None,
        waiter_seen_at=when,
    )
    fast = sql.insert(ProposedAction(**kwargs))
    slow = ProposedAction.objects.create(**kwargs)
    a, b = (_values(ProposedAction.objects.get(pk=x.pk)) for x in (fast, slow))
    assert a.pop("id") != b.pop("id")
    # where it acts and the keyed binding, which covers the row's id (actions.targets, actions.binding):
    # objects.create sets them on the row it creates (ProposedAction.save), the proposal on the row it inserts
    assert (a.pop("target"), b.pop("target")) == ({}, target_of(team.project, "terminal", kwargs["payload"]))
    assert (a.pop("binding"), b.pop("binding")) == ("", binding_of(slow))
    assert abs(a.pop("updated_at") - b.pop("updated_at")) < dt.timedelta(seconds=5)  # auto_now ran
    assert abs(a.pop("created_at") - b.pop("created_at")) < dt.timedelta(seconds=5)
    assert a == b
    assert not fast._state.adding


def test_insert_fills_an_auto_primary_key_and_joins_the_callers_transaction(team):
    event = record(
        "proposed_action.created", project_id=team.project.id, actor=Actor.system(), payload={"k": 1}
    )
    assert isinstance(event.pk, int) and SessionEvent.objects.get(pk=event.pk).payload == {"k": 1}
    before = SessionEvent.objects.count()
    with pytest.raises(RuntimeError), transaction.atomic():
        record("proposed_action.created", project_id=team.project.id, actor=Actor.system())
        raise RuntimeError("roll back")
    assert SessionEvent.objects.count() == before


@isolate_apps("projects")
def test_insert_refuses_a_model_it_cannot_write_faithfully():
    class WithDbDefault(models.Model):
        n = models.IntegerField(db_default=1)

        class Meta:
            app_label = "projects"
            managed = False

    with pytest.raises(TypeError, match="db_default"):
        sql.insert(WithDbDefault())


class CaptureQueries:
    def __enter__(self):
        from django.test.utils import CaptureQueriesContext

        self._ctx = CaptureQueriesContext(connection)
        self._ctx.__enter__()
        return self

    def __exit__(self, *exc):
        self._ctx.__exit__(*exc)
        self.count = len(self._ctx.captured_queries)


def test_autonomy_rows_are_read_once_by_the_proposal_loader(team):
    """One reader, one query — whatever the agent object carries (it carries nothing from auth)."""
    AutonomyRule.objects.create(agent=team.agent, action_type="terminal", mode="auto_approve")
    agent = agent_for_key(team.agent_key)
    from actions.policy_input import autonomy_rows

    with CaptureQueries() as q:
        rows = autonomy_rows(agent)
    assert q.count == 1 and [(r.action_type, r.mode) for r in rows] == [("terminal", "auto_approve")]
    assert autonomy_rows(None) == ()


def _merge(team, pr: str) -> ProposedAction:
    return ProposedAction(
        project=team.project,
        agent=team.agent,
        action_type="git_merge",
        payload={"pr": pr, "target_branch": "dev"},
        payload_hash="h" * 64,
        status="pending",
        reason="default",
        message="m",
        merge_pr=pr,
    )


def _created(action) -> SessionEvent:
    from actions.events import build

    return build("proposed_action.created", project_id=action.project_id, actor=Actor.system(), action=action)


def test_insert_together_writes_all_rows_and_fills_their_keys(team):
    action = _merge(team, "7")
    event = _created(action)
    sql.insert_together(action, event)
    assert isinstance(event.pk, int) and not action._state.adding and not event._state.adding
    assert SessionEvent.objects.get(pk=event.pk).action_id == action.pk
    assert ProposedAction.objects.get(pk=action.pk).merge_pr == "7"


@pytest.mark.django_db(transaction=True)
def test_insert_together_writes_no_row_when_one_is_refused(team):
    first = _merge(team, "8")
    sql.insert_together(first, _created(first))
    events_before = SessionEvent.objects.count()
    twin = _merge(team, "8")  # a second live merge of PR 8: the one_live_merge_per_pr index refuses it
    with pytest.raises(IntegrityError):
        sql.insert_together(twin, _created(twin))
    assert SessionEvent.objects.count() == events_before
    assert not ProposedAction.objects.filter(pk=twin.pk).exists()
    # inside a caller's transaction the refusal is contained: the transaction goes on
    with transaction.atomic():
        with pytest.raises(IntegrityError):
            sql.insert_together(twin, _created(twin))
        record("proposed_action.created", project_id=team.project.id, actor=Actor.system())
    assert SessionEvent.objects.count() == events_before + 1


def _postgresql():
    """A PostgreSQL connection object (never opened: its conversions need no server), whatever database runs
    the suite."""
    from django.db.backends.postgresql.base import DatabaseWrapper

    settings_dict = {**connection.settings_dict, "ENGINE": "django.db.backends.postgresql", "NAME": "unused"}
    settings_dict.setdefault("OPTIONS", {})
    return DatabaseWrapper(settings_dict, alias="sql-shortcuts")


def _same(a, b) -> bool:
    return type(a) is type(b) and a == b


SAMPLES = [
    None,
    "",
    "text",
    "ü" * 3,
    True,
    False,
    0,
    1,
    -7,
    2**40,
    uuid.uuid4(),
    timezone.now(),
    dt.datetime(2026, 12, 2, 5, 0),  # naive: Django makes it aware (with a warning), so no shortcut
    dt.date(2026, 12, 2),
    1.5,
    {"k": [1, None]},
    ["a"],
]


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_every_insert_shortcut_converts_as_the_field_does_on_postgresql():
    """For every concrete field of every model and a spread of values (each type a field might hold, and ones
    it should not), a shortcut either answers exactly what ``get_db_prep_save`` answers (same type: psycopg's
    integer wrappers included) or defers to it; nothing a subclass or a database other than PostgreSQL
    converts takes one."""
    from django.apps import apps

    pg = _postgresql()
    covered = set()
    for model in apps.get_models():
        for field in model._meta.concrete_fields:
            shortcut = sql._shortcut(field, pg)
            if shortcut is None:
                continue
            covered.add(type(field).__name__)
            for value in SAMPLES:
                fast = shortcut(value)
                if fast is sql._DJANGO:
                    continue
                try:
                    slow = field.get_db_prep_save(value, connection=pg)
                except Exception as exc:  # Django refuses the value: the shortcut must not have taken it
                    raise AssertionError(
                        f"{model.__name__}.{field.name} took {value!r} Django refuses"
                    ) from exc
                assert _same(fast, slow), (model.__name__, field.name, value, fast, slow)
    assert {"CharField", "TextField", "BooleanField", "UUIDField", "DateTimeField", "ForeignKey"} <= covered
    assert {"PositiveIntegerField"} & covered or {"IntegerField"} & covered
    assert (
        sql._shortcut(ProposedAction._meta.get_field("updated_at"), pg) is None
    )  # auto_now: pre_save writes
    assert sql._shortcut(ProposedAction._meta.get_field("payload"), pg) is None  # JSON: Django's adapter
    if connection.vendor != "postgresql":
        assert all(sql._shortcut(f, connection) is None for f in ProposedAction._meta.concrete_fields)


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_a_proposals_insert_parameters_are_the_fields_own_conversions(team):
    """The action and its event as the proposal inserts them: the parameters with shortcuts are the list
    Django's conversions make, value for value and type for type."""
    pg = _postgresql()
    action = ProposedAction(
        project=team.project,
        agent=team.agent,
        action_type="terminal",
        payload={"command": "git status"},
        payload_hash="h" * 64,
        status="pending",
        reason="default",
        segments=[],
        scope_root="app",
        expiry_seconds=3600,
        waiter_seen_at=timezone.now(),
        execute_after=dt.datetime(2026, 12, 2, 5, 0),  # naive: Django's way
    )
    from brabo import domain

    event = domain.build(
        "proposed_action.created", project_id=team.project.id, actor=Actor.system(), action=action
    )
    for instance in (action, event):
        plan = sql._InsertPlan(type(instance), pg)
        fast = sql._params(instance, plan, pg)
        slow = [f.get_db_prep_save(f.pre_save(instance, add=True), connection=pg) for f in plan.fields]
        assert len(fast) == len(slow)
        for field, a, b in zip(plan.fields, fast, slow, strict=True):
            if field.name in ("created_at", "updated_at"):  # auto_now(_add): stamped anew by each pre_save
                assert type(a) is type(b)
                continue
            if hasattr(b, "obj"):  # JSON: psycopg's Jsonb wrapper, compared by what it holds
                assert type(a) is type(b) and a.obj == b.obj
                continue
            assert _same(a, b), (field.name, a, b)


only_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="the kept cursor is PostgreSQL's (DATABASE_URL=postgres://...)"
)


def _kept(conn=connection):
    return getattr(conn.connection, "_brabo_kept_cursor", (None, None))[1]


@only_postgresql
def test_fetch_one_answers_as_djangos_cursor_on_a_cursor_kept_with_the_connection(team):
    statement = "SELECT id, name, revoked_at FROM projects_agent WHERE id = %s"
    with connection.cursor() as cursor:
        cursor.execute(statement, [team.agent.pk])
        expected = cursor.fetchone()
    assert sql.fetch_one(connection, statement, [team.agent.pk]) == expected
    kept = _kept()
    assert kept is not None
    assert sql.fetch_one(connection, statement, [uuid.uuid4()]) is None  # no row, on the same cursor
    assert _kept() is kept
    kept.close()  # a cursor closed under it is replaced, never used
    assert sql.fetch_one(connection, statement, [team.agent.pk]) == expected
    assert _kept() is not kept and not _kept().closed


@only_postgresql
def test_fetch_one_is_seen_by_whatever_watches_statements(team):
    """The query log (DEBUG, the tests' CaptureQueriesContext) and execute_wrappers see every statement, so
    they get Django's cursor."""
    seen = []

    def wrapper(execute, statement, params, many, context):
        seen.append(statement)
        return execute(statement, params, many, context)

    with connection.execute_wrapper(wrapper):
        assert agent_for_key(team.agent_key) is not None
    assert len(seen) == 1 and "projects_agent" in seen[0]
    with CaptureQueries() as q:
        assert agent_for_key(team.agent_key) is not None
    assert q.count == 1


@only_postgresql
def test_fetch_one_raises_djangos_errors_and_leaves_the_connection_usable(team):
    """A refused statement raises django.db's error, as Django's cursor raises it: outside a transaction the
    next statement runs; in a transaction the error aborted, PostgreSQL refuses the next; in one Django
    marked for rollback, Django refuses it before PostgreSQL is asked."""
    from django.db import DatabaseError, InternalError
    from django.db.transaction import TransactionManagementError

    # NOT NULL refuses it
    typeless = SessionEvent(project_id=team.project.id, type=None, actor_kind="user")  # type: ignore[misc]
    with pytest.raises(IntegrityError), transaction.atomic():
        sql.insert_together(typeless)
    assert sql.fetch_one(connection, "SELECT 1", None) == (1,)
    bad = "SELECT no_such_column FROM projects_agent"
    for fetch in (sql.fetch_one, _through_django):
        with transaction.atomic():
            with pytest.raises(DatabaseError):
                fetch(connection, bad, None)
            with pytest.raises(InternalError, match="aborted"):
                fetch(connection, "SELECT 1", None)
            transaction.set_rollback(True)
        with transaction.atomic():
            with pytest.raises(DatabaseError), transaction.atomic(savepoint=False):
                fetch(connection, bad, None)
            with pytest.raises(TransactionManagementError):
                fetch(connection, "SELECT 1", None)
        assert fetch(connection, "SELECT 1", None) == (1,)


def _through_django(conn, statement, params):
    with conn.cursor() as cursor:
        cursor.execute(statement, params)
        return cursor.fetchone()


@only_postgresql
def test_fetch_one_never_runs_on_a_dead_connections_cursor(team):
    """A connection that died under its kept cursor (a PostgreSQL restart) is replaced, and so is the cursor."""
    from django.db import connections

    other = connections.create_connection("default")
    try:
        other.connect()
        assert sql.fetch_one(other, "SELECT 2", None) == (2,)
        first_raw, first_cursor = other.connection, _kept(other)
        assert first_cursor is not None
        first_raw.close()
        other.close()  # back to the pool, which drops a closed connection
        assert sql.fetch_one(other, "SELECT 3", None) == (3,)
        assert other.connection is not first_raw and _kept(other) is not first_cursor
        assert not _kept(other).closed
    finally:
        other.close()


def test_a_key_revoked_or_rotated_between_two_calls_is_refused_at_the_next(team):
    """Authentication's statement runs on every call (on PostgreSQL on the kept cursor that served the last
    one): nothing of the agent is remembered between calls, so a revocation or a rotation counts at once."""
    from projects.keys import rotate_agent_key

    agent = team.world.client(agent_key=team.agent_key)
    body = {"action_type": "terminal", "payload": {"command": "ls"}}
    assert agent.post("/api/actions/", body, format="json").status_code == 201
    _, new_key = rotate_agent_key(actor=team.owner, agent=team.agent)
    refused = agent.post("/api/actions/", body, format="json")
    assert refused.status_code == 401
    rotated = team.world.client(agent_key=new_key)
    assert rotated.post("/api/actions/", body, format="json").status_code == 201
    revoke_agent(actor=team.owner, agent=Agent.objects.get(pk=team.agent.pk))
    refused = rotated.post("/api/actions/", body, format="json")
    assert refused.status_code == 401 and "revoked" in refused.json()["detail"]
    assert ProposedAction.objects.filter(agent=team.agent).count() == 2


def _built(obj) -> tuple:
    """What an unsaved instance holds: its attributes, its state and the related rows it has cached."""
    state = obj._state
    return (
        {k: v for k, v in obj.__dict__.items() if k != "_state"},
        (state.adding, state.db),
        dict(state.__dict__.get("fields_cache", {})),
    )


def _action_values(team, **more) -> dict:
    return {
        "id": uuid.uuid4(),
        "project": team.project,
        "agent": team.agent,
        "proposed_by_user": None,
        "proposer_principal_id": team.maintainer.pk,
        "task": None,
        "action_type": "terminal",
        "payload": {"command": "ls"},
        "payload_hash": "h" * 64,
        "status": "pending",
        "reason": "no_rule",
        "message": "m",
        "segments": [],
        "created_at": timezone.now(),
        **more,
    }


def test_new_builds_the_instance_the_models_init_builds(team):
    values = _action_values(team)
    built = sql.new(ProposedAction, **values)
    reference = ProposedAction(**values)
    assert type(built) is ProposedAction and _built(built) == _built(reference)
    assert built.project is team.project and built.agent is team.agent and built.task is None
    assert built._state.adding and built._state.db == "default"
    with CaptureQueries() as q:
        assert built.project.slug and built.agent.name  # cached, as the ORM caches them
    assert q.count == 0


def test_new_gives_an_unsaved_related_row_its_database_as_the_orms_assignment_does(team):
    values = {
        "project_id": team.project.pk,
        "type": "t",
        "actor_kind": "agent",
        "actor_id": "a",
        "payload": {},
        "created_at": timezone.now(),
    }
    mine, theirs = ProposedAction(**_action_values(team)), ProposedAction(**_action_values(team))
    mine._state.db = theirs._state.db = None
    built = sql.new(SessionEvent, action=mine, **values)
    reference = SessionEvent(action=theirs, **values)
    (data, state, cache), (data_ref, state_ref, cache_ref) = _built(built), _built(reference)
    assert {**data, "action_id": None} == {**data_ref, "action_id": None} and data["action_id"] == mine.pk
    assert state == state_ref == (True, "default")
    assert cache == {"action": mine} and cache_ref == {"action": theirs}
    assert (
        mine._state.db == theirs._state.db == "default"
    )  # the related row's database set, as the ORM sets it
    alone = sql.new(SessionEvent, action=None, **values)
    assert _built(alone)[1:] == _built(SessionEvent(action=None, **values))[1:]


def test_new_fills_every_default_afresh(team):
    values = _action_values(team)
    del values["id"], values["created_at"], values["segments"]
    first, second = sql.new(ProposedAction, **values), sql.new(ProposedAction, **values)
    assert isinstance(first.id, uuid.UUID) and first.id != second.id
    assert (
        timezone.is_aware(first.created_at) and first.segments == [] and first.segments is not second.segments
    )
    assert first.attempts == 0 and first.expiry_seconds == 24 * 3600 and first.hook_fingerprint == ""


def test_new_leaves_to_the_models_init_what_it_does_not_build_faithfully(team, settings):
    from django.db.models.signals import post_init

    values = _action_values(team)
    with pytest.raises(ValueError, match='must be a "Project" instance'):
        sql.new(ProposedAction, **{**values, "project": team.agent})
    with pytest.raises(TypeError, match="unexpected keyword"):
        sql.new(ProposedAction, **values, colour="red")
    seen: list = []

    def after(sender, instance, **kwargs):
        seen.append(instance)

    post_init.connect(after, sender=ProposedAction)
    try:
        built = sql.new(ProposedAction, **values)
    finally:
        post_init.disconnect(after, sender=ProposedAction)
    assert seen == [built]
    elsewhere = Project(pk=team.project.pk)
    elsewhere._state.db = "other"
    with pytest.raises(ValueError, match="router prevents"):
        sql.new(ProposedAction, **{**values, "project": elsewhere})
