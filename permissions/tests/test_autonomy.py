"""§5 step 3 and ADR 0189 §2: autonomy resolution with origin."""

from permissions.autonomy import resolve_autonomy
from permissions.decide import AutonomyRow as R


def test_s5_3_no_rows_no_opinion():
    r = resolve_autonomy((), "terminal")
    assert (r.mode, r.origin, r.specific_mode) == (None, None, None)


def test_s5_3_specific_beats_wildcard():
    # §5 step 3: writing terminal: deny under "*": auto_approve still denies terminal
    r = resolve_autonomy((R("*", "auto_approve"), R("terminal", "deny")), "terminal")
    assert (r.mode, r.origin) == ("deny", "specific")
    assert (
        resolve_autonomy((R("*", "auto_approve"), R("terminal", "deny")), "git_commit").mode == "auto_approve"
    )


def test_adr0189_2_specific_auto_under_wildcard_auto_resolves_as_wildcard():
    # ADR 0189 §2: "always allow" does not switch autopilot off
    r = resolve_autonomy((R("*", "auto_approve"), R("terminal", "auto_approve")), "terminal")
    assert (r.mode, r.origin, r.specific_mode) == ("auto_approve", "wildcard", "auto_approve")
    assert r.auto_mode


def test_adr0189_2_specific_require_approval_beats_wildcard_auto():
    r = resolve_autonomy((R("*", "auto_approve"), R("terminal", "require_approval")), "terminal")
    assert (r.mode, r.origin, r.specific_mode) == ("require_approval", "specific", "require_approval")
    assert not r.auto_mode


def test_s5_3_specific_auto_alone_is_not_auto_mode():
    # seed 000: a specific terminal: auto_approve is not auto mode
    r = resolve_autonomy((R("terminal", "auto_approve"),), "terminal")
    assert (r.origin, r.auto_mode) == ("specific", False)


def test_s5_3_wildcard_require_approval_is_manual_mode():
    r = resolve_autonomy((R("*", "require_approval"),), "terminal")
    assert (r.mode, r.origin, r.auto_mode) == ("require_approval", "wildcard", False)


def test_duplicate_or_unknown_rows_resolve_to_the_strictest():
    # fail closed: conflicting rows never grant more than the strictest says
    assert resolve_autonomy((R("terminal", "auto_approve"), R("terminal", "deny")), "terminal").mode == "deny"
    assert resolve_autonomy((R("terminal", "yolo"),), "terminal").mode == "require_approval"
