"""§6: lexical path scope (ADR 0055, ADR 0189 §3)."""

import pytest

from permissions.decide import AutonomyRow, ProjectState
from permissions.scope import normalize, scope_for, valid_local_root
from permissions.shell import parse_command

from .helpers import AUTO_MODE, CONTAINER_RUNNING, ROOT, term


def outside(cmd, mode="runner", running=False, root=ROOT, cwd=None):
    return scope_for(mode, running, root, cwd).outside_paths(parse_command(cmd).segments)


def test_r6_1_scope_root_is_the_project_folder():
    # R6.1
    assert outside(f"cat {ROOT}/src/x.ts") == []
    assert outside("cat /etc/passwd") == ["/etc/passwd"]


def test_r6_1_local_projects_use_the_typed_root():
    # R6.1: local: the typed path
    assert outside("cat /home/me/code/app/x", mode="local", root="/home/me/code/app") == []
    assert outside("cat /home/me/other", mode="local", root="/home/me/code/app") != []


@pytest.mark.parametrize("root", ["/", "relative/path", "/home/me/../etc", "/etc", "/usr", ""])
def test_r1_4_invalid_local_root_is_no_scope_at_all(root):
    # R1.4: re-validated lexically every time the root is derived; fail closed
    assert not valid_local_root(root)
    assert outside("cat /x/y", mode="local", root=root) != []


def test_r6_1_running_container_uses_work_and_tmp_and_translates_cwd():
    # R6.1 / ADR 0189 §3: root -> /work, below -> /work/..., outside unchanged
    assert outside("cat /work/src/x /tmp/y", mode="container", running=True) == []
    assert outside(f"cat {ROOT}/x", mode="container", running=True) == [f"{ROOT}/x"]
    s = scope_for("container", True, ROOT, ROOT + "/apps/web")
    assert s.cwd == "/work/apps/web"
    assert scope_for("mounted", True, ROOT, ROOT).cwd == "/work"
    assert scope_for("container", True, ROOT, "/opt/x").cwd == "/opt/x"


def test_r6_1_host_tmp_is_outside_without_a_container():
    # ADR 0189 §3: the host /tmp belongs to the whole machine
    assert outside("cat /tmp/x") == ["/tmp/x"]


def test_r6_1_runner_always_uses_the_host_root():
    # R6.1: runner projects always use the host root
    assert outside("cat /work/x", mode="runner", running=True) == ["/work/x"]


def test_r6_2_relative_words_with_dotdot_are_resolved_against_cwd():
    # R6.2
    assert outside("cat ../x", cwd=ROOT + "/src") == []
    assert outside("cat ../../x", cwd=ROOT + "/src") != []
    assert outside("cat ../x") != []  # cwd defaults to the root


def test_r6_2_tilde_and_variable_locations_are_checked():
    # R6.2 [beyond]
    assert outside("cat ~/x") == ["~/x"]
    assert outside("cat $HOME/x") == ["$HOME/x"]
    assert outside("cat src/$X") == ["src/$X"]


def test_r6_2_a_variable_anywhere_in_a_word_makes_its_location_unknown():
    # R6.2 [beyond]: `..$HOME` is `../root`; `x$V` with V=/../.. climbs out too
    assert outside("ls ..$HOME") == ["..$HOME"]
    assert outside("cat x$V") == ["x$V"]
    assert term("ls ..$HOME", allow=("Terminal(ls)",)).decision == "require_approval"


def test_r6_2_a_cd_whose_destination_is_not_lexical_moves_outside():
    # bare `cd` goes to $HOME, `cd -` and `popd` to the previous directory: what follows is not known inside
    for cmd in ("cd && cat .ssh/id_rsa", "cd - && cat x", "cd src && popd", "cd -P src && cat x", "pushd"):
        assert outside(cmd) != [], cmd
    v = term("cd && cat .ssh/id_rsa", allow=("Terminal(cd)", "Terminal(cat)"))
    assert v.decision == "require_approval" and v.reason == "cap_path_scope"
    assert outside("cd src && cat x") == []  # a lexical cd inside is still followed


def test_r6_2_non_paths_are_not_checked():
    # R6.2: -maxdepth, 4, *.ex are not paths
    assert outside("find . -maxdepth 4 -name *.ex") == []
    assert outside("git log main..feature") == []


def test_r4_5_dev_null_and_std_streams_are_not_user_paths_but_other_dev_is():
    # R4.5
    assert outside("cat x 2>/dev/null < /dev/stdin > /dev/stdout 2> /dev/stderr") == []
    assert outside("dd if=x of=/dev/sda") == ["/dev/sda"]


def test_r4_5_redirect_targets_stay_words_for_the_scope():
    # R4.5 / seed: echo x > /etc/passwd is still stopped by the path-scope cap
    v = term("echo x > /etc/passwd", allow=("Terminal(echo)",))
    assert (v.decision, v.reason) == ("require_approval", "cap_path_scope")


def test_r6_3_normalization_is_lexical_and_linear():
    # R6.3: <root>/../.. is resolved and refused; trailing slashes stripped by a linear scan
    assert normalize(ROOT + "/../..") == "/srv"
    assert normalize("/a" + "/" * 100_000) == "/a"
    assert outside(f"cat {ROOT}/../..") != []


def test_r6_2_cwd_outside_the_scope_puts_the_command_outside():
    # R6.2: relative words resolve under the already checked cwd
    v = term("cat x", allow=("Terminal(cat)",), cwd="/etc")
    assert (v.decision, v.reason) == ("require_approval", "cap_path_scope")


def test_r6_2_subshell_cd_never_hides_an_escape():
    # R6.3: lexical; check against both the original and the followed cwd
    assert outside(f"(cd {ROOT}/a/b/c) ; cat ../../secret") != []


def test_r6_4_outside_is_require_approval_never_deny():
    # R6.4
    v = term("cat /etc/hosts", allow=("Terminal(cat)",))
    assert v.decision == "require_approval"
    assert v.reason == "cap_path_scope"
    assert "app-1a2b3c4d" in v.message and ROOT not in v.message.split(":")[0]


def test_r5_6_auto_mode_skips_the_path_scope():
    # §5 step 6 / RN-603
    v = term("cat /etc/hosts", autonomy=AUTO_MODE)
    assert v.decision == "auto_approve"


def test_r5_6_specific_auto_approve_keeps_the_path_scope():
    # ADR 0189 §1: a specific terminal: auto_approve is not auto mode, keeps the scope cap
    v = term("cat /etc/hosts", autonomy=(AutonomyRow("terminal", "auto_approve"),))
    assert (v.decision, v.reason) == ("require_approval", "cap_path_scope")


def test_r5_2_container_floor_still_has_the_scope_cap_for_host_paths():
    # seed 000: the floor is not a cap; lexical scope continues to run
    v = term(f"cat {ROOT}/x", project=CONTAINER_RUNNING)
    assert (v.decision, v.reason) == ("require_approval", "cap_path_scope")
    assert term("cat /work/x", project=CONTAINER_RUNNING).decision == "auto_approve"


def test_r5_4_cd_inside_the_scope_is_allowed_with_reason_scope_cd():
    # §5 step 4: cd <dir> inside the scope counts as allowed
    v = term("cd src")
    assert (v.decision, v.reason) == ("auto_approve", "scope_cd")
    assert v.message == "scope: cd inside the project folder (app-1a2b3c4d)"


def test_r5_4_cd_then_allowed_verb_is_auto_approved():
    # seed 000: without this every `cd <dir> && <verb>` would stop
    assert term("cd src && pnpm test", allow=("Terminal(pnpm test)",)).decision == "auto_approve"


def test_r5_4_cd_outside_the_scope_is_not_scope_cd():
    v = term("cd /etc && pnpm test", allow=("Terminal(pnpm test)",))
    assert v.decision == "require_approval"
    assert v.reason == "compound_uncovered"


def test_no_root_means_nothing_is_inside():
    p = ProjectState(execution_mode="runner", root="")
    assert term("cat /x", project=p, allow=("Terminal(cat)",)).decision == "require_approval"


def test_seed_000_allowed_cat_of_platform_code_is_stopped_by_the_scope():
    # seed 000: "一个被允许的 Terminal(cat) 会自动执行 cat /workspace/apps/engine/lib/engine/actions/git_executor.ex"
    v = term("cat /workspace/apps/engine/lib/engine/actions/git_executor.ex", allow=("Terminal(cat)",))
    assert (v.decision, v.reason) == ("require_approval", "cap_path_scope")


def test_adr0189_3_specific_terminal_auto_in_running_container_passes_work_and_tmp():
    # ADR 0189 后果: a specific terminal: auto_approve no longer asks for /work/... and /tmp ...
    specific = (AutonomyRow("terminal", "auto_approve"),)
    assert (
        term("cat /work/src/x.ts /tmp/y", project=CONTAINER_RUNNING, autonomy=specific).decision
        == "auto_approve"
    )
    # ... and starts asking for host paths in the command (they do not exist inside the container)
    v = term(f"cat {ROOT}/src/x.ts", project=CONTAINER_RUNNING, autonomy=specific)
    assert (v.decision, v.reason) == ("require_approval", "cap_path_scope")


def test_adr0189_3_mounted_with_running_container_uses_work_too():
    mounted = ProjectState(execution_mode="mounted", container_running=True, root=ROOT)
    specific = (AutonomyRow("terminal", "auto_approve"),)
    assert term("cat /work/x", project=mounted, autonomy=specific).decision == "auto_approve"
    # the container floor stays container-mode only (ADR 0189 §3)
    assert term("make", project=mounted).decision == "require_approval"
