"""Chains and payments (SPEC §5 step 6, effects by family), red team: a transaction signed and sent, a contract
deployed, a program upgraded, a payment made, a channel opened or closed, a contract's source published to an
explorer -- money moves and state on a public chain cannot be undone. Read by
``permissions.commands.families`` with the deployers' shapes, one row per program (a dict lookup by the
program's name, as every family row):

- :data:`FORMS`: fixed subcommand words (``scarb publish``, ``soldeer push``, ``flow project deploy``).
- :data:`READERS`: a function per program. Most are a :class:`Tree` -- the chain CLIs whose command trees
  are deep (``solana program deploy``, ``sui client ptb``, ``aptos move publish``, ``near tokens ACCOUNT
  send-near``, ``bitcoin-cli sendtoaddress``): the command word (past the groups that lead to it) decides,
  and one the row does not list as a read is an act (fail closed: the closed list is the reads). The others
  read an act an option or an operand chooses (``forge script --broadcast``, ``hardhat run --network
  mainnet``, ``gaiad tx bank send``, ``geth attach --exec JS``, ``cargo-contract call --execute``).

Local development chains. A chain on this machine keeps a developer's loop ordinary only where the words say
so reliably: Hardhat's in-process network (``--network hardhat``), Brownie's ``development`` (a Ganache it
starts itself), ApeWorX's ``ECOSYSTEM:local``, Anchor's ``localnet`` for ``anchor test`` (it starts its own
validator), geth's ``--dev`` chain for its console, and the nodes themselves (``anvil``, ``ganache``,
``hardhat node``, ``solana-test-validator``, ``aptos node run-localnet``, ``sui start``) with no row at all.
A loopback RPC URL (``--rpc-url http://127.0.0.1:8545``, Hardhat's and Truffle's ``localhost``/``development``
networks) is not read as local: 8545 and 8899 are also the ports every Ethereum and Solana client serves, and
a full node relays what it is sent to the whole network -- the words cannot tell anvil from a mainnet node.
A network the project's configuration names (Hardhat's ``defaultNetwork``, Anchor.toml's cluster) is the
configuration's: a command that acts on a chain by its name (``deploy``, ``migrate``, ``send``) is external
whatever it names; one that only runs code (``hardhat test``, ``anchor test``, ``brownie test``) is external
when the words name another network.

Faucets stay ordinary (``solana airdrop``, ``sui client faucet``, ``aptos account fund-with-faucet``,
``algokit dispenser fund``): test tokens that are worth nothing, no one's money, and mainnets have none.

Reads stay ordinary: ``forge build|test``, ``cast call|balance|logs|block|tx``, ``solana balance``, ``sui
client objects``, ``aptos move compile|test|view``, ``bitcoin-cli getbalance``, ``lncli listchannels``,
``gaiad query bank balances``.

Payments: Stripe's CLI is ``permissions.commands.families``' (``stripe charges create``, ``stripe post``,
``stripe trigger``); PayPal, Square, Adyen and Braintree ship no command line of their own.
"""

from __future__ import annotations

from collections.abc import Callable
from fnmatch import fnmatchcase
from typing import NamedTuple

from permissions.commands.deployers import Forms, forms
from permissions.commands.tasks import task_name_publishes
from permissions.commands.views import is_assignment

__all__ = ["ASSIGNED_NETWORKS", "FORMS", "READERS", "Tree", "assigned_network"]


FORMS: dict[str, Forms] = {
    # Cairo's package registry (scarbs.xyz), Soldeer's (Foundry's packages: `forge soldeer push` is forge's
    # reader's), the Flow CLI's transactions, accounts and contracts (Facebook's `flow` type checker has none
    # of these words), Aleo's snarkOS developer commands.
    "scarb": forms("publish"),
    "soldeer": forms("push"),
    "flow": forms(
        "transactions+send transactions+send-signed tx+send tx+send-signed accounts+create accounts+add-contract"
        " accounts+update-contract accounts+remove-contract accounts+fund project+deploy deploy"
    ),
    "snarkos": forms("developer+deploy developer+execute developer+transfer developer+transfer-private"),
}


# -- words -----------------------------------------------------------------------------------------------------
_NOT_LITERAL = frozenset("$`")
_GLOB = frozenset("*?[")
_HELPS = frozenset({"--help", "-h"})
_MAX_READINGS = 256


def _literal(word: str) -> bool:
    return _NOT_LITERAL.isdisjoint(word)


def _may_be(word: str, names: frozenset[str]) -> bool:
    """``word`` is one of ``names`` (``--broadcast``, ``--name=value``), or may become one: an expansion, or an
    unquoted glob where an option may stand (``--broad*``, ``*`` beside a file named ``--broadcast``)."""
    if word.partition("=")[0] in names or not _literal(word):
        return True
    return not _GLOB.isdisjoint(word) and (word[:1] == "-" or any(fnmatchcase(n, word) for n in names))


def _option_may_be(args: tuple[str, ...], names: frozenset[str], flags: frozenset[str]) -> bool:
    """One of the options ``names`` stands in ``args``, or a word that may become one (:func:`_may_be`) stands
    where an option may: not right after an option that takes it as its value (one written without ``=``
    and not known to be a flag: ``--rpc-url $RPC``)."""
    prev = ""
    for w in args:
        if w.partition("=")[0] in names:
            return True
        if _may_be(w, names) and not (prev[:1] == "-" and "=" not in prev and prev not in flags):
            return True
        prev = w
    return False


def _helps(args: tuple[str, ...]) -> bool:
    """``--help``/``-h`` before ``--``: the CLI prints its help and does nothing else."""
    for w in args:
        if w == "--":
            return False
        if w in _HELPS:
            return True
    return False


def _split(spec: str) -> frozenset[str]:
    return frozenset(spec.split())


def _option_value(args: tuple[str, ...], names: frozenset[str]) -> list[str]:
    """The values given to the options ``names`` (``--network x``, ``--network=x``); an option last on the line
    has the value ``""``."""
    out: list[str] = []
    for k, w in enumerate(args):
        name, eq, value = w.partition("=")
        if name in names:
            out.append(value if eq else (args[k + 1] if k + 1 < len(args) else ""))
    return out


def _given(args: tuple[str, ...], names: frozenset[str], flags: frozenset[str]) -> bool:
    """One of the flags ``names`` stands as an option of its own: not as the value of the option before it
    (a Go CLI's ``--note --dry-run`` gives the note the text ``--dry-run``). An option before it counts as a
    flag only when written with ``=`` or listed in ``flags``."""
    prev = ""
    for w in args:
        if w == "--":
            return False
        if w in names and not (prev[:1] == "-" and "=" not in prev and prev not in flags):
            return True
        prev = w
    return False


# -- trees: the command word decides -----------------------------------------------------------------------------
class Tree(NamedTuple):
    """A chain CLI whose command word decides. ``reads``: the command words that only read or act on this
    machine (``group.word`` for one group's, a trailing ``*`` for a prefix: ``get*``); any other word there is
    an act. ``groups``: words that lead to the command word (``client``, ``program``), ``a|b`` for one group's
    names, ``:N`` for one that takes N operands first (``near tokens ACCOUNT send-near``). ``values``: the
    options before the command word known to take the next word; ``flags`` those known to take none (any other
    option may do either: both readings are followed). ``dry``: flags that make any command a simulation or a
    print of the unsigned transaction (``--dry-run``, ``--generate-only``)."""

    reads: str
    groups: str = ""
    values: str = ""
    flags: str = ""
    dry: str = ""


class _Compiled:
    __slots__ = ("dry", "flags", "groups", "prefixes", "reads", "values")

    def __init__(self, tree: Tree) -> None:
        words = tree.reads.split()
        self.reads = frozenset(w for w in words if not w.endswith("*"))
        self.prefixes = tuple(w[:-1] for w in words if w.endswith("*"))
        self.groups: dict[str, tuple[str, int]] = {}
        for spec in tree.groups.split():
            names, _, arity = spec.partition(":")
            canonical = names.split("|")[0]
            for name in names.split("|"):
                self.groups[name] = (canonical, int(arity or 0))
        self.values = _split(tree.values)
        self.flags = _split(tree.flags) | {"--version", "-V"}
        self.dry = _split(tree.dry)

    def reads_word(self, group: str, word: str) -> bool:
        """``word`` (after ``group``) only reads: a group's words are read by their ``group.word`` entries
        alone (``solana program show``, not ``solana program deploy``). A word that is not literal never
        reads."""
        if not _literal(word):
            return False
        name = f"{group}.{word}" if group else word
        return word == "help" or name in self.reads or name.startswith(self.prefixes)


Reading = tuple[str, "str | None", int]  # (group, command word or None, its index in the arguments)


def _readings(tree: _Compiled, args: tuple[str, ...]) -> list[Reading] | None:
    """Each way to read ``args`` to its command word; None past _MAX_READINGS (the caller fails closed)."""
    out: list[Reading] = []
    todo: list[tuple[int, str, int]] = [(0, "", 0)]
    seen: set[tuple[int, str, int]] = set()
    n = len(args)
    while todo:
        state = todo.pop()
        if state in seen:
            continue
        seen.add(state)
        if len(seen) > _MAX_READINGS:
            return None
        k, group, skip = state
        if k >= n:
            out.append((group, None, k))
            continue
        w = args[k]
        if w == "--":
            todo.append((k + 1, group, skip))
            continue
        if w[:1] == "-" and len(w) > 1:
            if not group and w in tree.reads:
                out.append((group, w, k))  # `cast --to-wei 1`: a command spelled as an option
            elif "=" in w or w in tree.flags:
                todo.append((k + 1, group, skip))
            elif w in tree.values:
                todo.append((k + 2, group, skip))
            else:
                todo.extend(((k + 1, group, skip), (k + 2, group, skip)))
            continue
        if skip:
            todo.append((k + 1, group, skip - 1))
            continue
        led = tree.groups.get(w)
        if led is not None:
            todo.append((k + 1, *led))
            continue
        out.append((group, w, k))
    return out


def _tree(spec: Tree) -> Callable[[tuple[str, ...]], bool]:
    tree = _Compiled(spec)

    def acts(view: tuple[str, ...]) -> bool:
        args = view[1:]
        if _helps(args) or (tree.dry and _given(args, tree.dry, tree.flags)):
            return False
        readings = _readings(tree, args)
        if readings is None:
            return True
        return any(word is not None and not tree.reads_word(group, word) for group, word, _ in readings)

    return acts


# -- Foundry ---------------------------------------------------------------------------------------------------
# forge: `create` deploys (Foundry 1.0 made it a dry run without `--broadcast`; older releases, still installed,
# broadcast by default: fail closed), `script` broadcasts with `--broadcast` or `--resume`, `verify-contract`
# publishes the source to an explorer, `selectors upload` the selectors to a signature database, `soldeer push`
# a package to Soldeer's registry.
_FORGE = Tree(
    "test t fuzz coverage bind bind-json build b compile clone update u install i add remove rm remappings re"
    " verify-check vc verify-bytecode vb init completions com generate-fig-spec fig clean cl cache snapshot s"
    " config co flatten f fmt lint l inspect in tree tr geiger doc compiler eip712 debug generate script"
    " selectors.list selectors.ls selectors.collision selectors.co selectors.find selectors.f selectors.cache"
    " soldeer.install soldeer.update soldeer.login soldeer.version soldeer.init soldeer.uninstall soldeer.clean",
    "selectors|se soldeer",
    "--root -C --config-path --color",
    "-q --quiet --json --md",
)
_FORGE_TREE = _tree(_FORGE)
_FORGE_COMPILED = _Compiled(_FORGE)
_BROADCASTS = frozenset({"--broadcast", "--resume"})
_FORGE_SCRIPT_FLAGS = _split(
    "-v -vv -vvv -vvvv -vvvvv --slow --legacy --skip-simulation --non-interactive --multi --json --unlocked"
    " --verify --debug --force --offline --via-ir --optimize --ffi --isolate -q --quiet --ledger --trezor --aws"
    " --gcp --turnkey"
)


def _forge(view: tuple[str, ...]) -> bool:
    args = view[1:]
    if _helps(args):
        return False
    for group, word, k in _readings(_FORGE_COMPILED, args) or [("", "script", 0)]:
        if word == "script" and not group and _option_may_be(args[k + 1 :], _BROADCASTS, _FORGE_SCRIPT_FLAGS):
            return True  # `forge script S --broadcast`, `--resume`; `$FLAGS` may be either
    return _FORGE_TREE(view)


# cast: sends (`send`/`s`, `batch-send`, `publish`/`p`: a signed transaction broadcast), the ERC-20 writes,
# signatures uploaded, `rpc` with a method that is not a read (`eth_sendRawTransaction`, `anvil_setBalance`
# on whatever node the URL names), and the Tempo and wallet-session commands (on-chain keys and policies) --
# every command not listed below. Local or read-only: conversions, encoders, `call`, `estimate`, `run` (a
# transaction replayed locally), `mktx` (signed, not sent), the wallet's keystore.
_CAST_READS = (
    "max-int maxi min-int mini max-uint maxu address-zero az hash-zero hz from-utf8 from-ascii fu fa concat-hex"
    " ch from-bin from-binx fb to-hexdata thd 2hd to-check-sum-address to-checksum-address to-checksum ta 2a"
    " to-ascii tas 2as to-utf8 tu8 2u8 from-fixed-point ff to-bytes32 tb 2b to-bytes-memory tbm pad pd"
    " to-fixed-point tf 2f to-uint256 tu 2u to-int256 ti 2i shl shr to-unit tun 2un parse-units pun"
    " format-units fun to-wei tw 2w from-wei fw to-rlp from-rlp to-hex th 2h to-dec td 2d to-base to-radix tr"
    " 2r access-list ac acl logs l block bl block-number bn call c calldata cd chain chain-id ci cid client cl"
    " compute-address ca disassemble da mktx m batch-mktx bm classify namehash na nh tx t receipt re estimate"
    " e decode-calldata calldata-decode cdd decode-string string-decode sd decode-event event-decode ed"
    " decode-error error-decode erd decode-abi abi-decode ad abi-encode ae abi-encode-event aee index in"
    " index-erc7201 index-erc-7201 index7201 in7201 implementation impl admin adm 4byte 4 4b 4byte-calldata"
    " 4byte-decode 4d 4bd 4c 4bc 4byte-event 4e 4be topic0-event t0e pretty-calldata pc age a balance b"
    " base-fee ba fee basefee code co codesize cs gas-price g sig-event se keccak k keccak256 hash-message hm"
    " resolve-name rn lookup-address la storage st proof pr nonce n codehash storage-root sr channel-id source"
    " et src creation-code cc artifact ar constructor-args cra interface i bind bi b2e-payload b2e sig si"
    " create2 c2 find-block f completions com run r format-bytes32-string parse-bytes32-string"
    " parse-bytes32-address decode-transaction dt decode-tx recover-authority decode-auth selectors sel"
    " tx-pool tp da-estimate trace erc4626"
    # the options spelled as commands: `cast --to-wei 1`
    " --max-int --min-int --max-uint --address-zero --hash-zero --from-utf8 --from-ascii --concat-hex"
    " --from-bin --to-hexdata --to-checksum-address --to-ascii --to-utf8 --from-fix --to-bytes32 --to-fix"
    " --to-uint256 --to-int256 --to-unit --parse-units --format-units --to-wei --from-wei --to-rlp --from-rlp"
    " --to-hex --to-dec --to-base --calldata-decode --string-decode --event-decode --error-decode --abi-decode"
    " --hash-message --format-bytes32-string --parse-bytes32-string --parse-bytes32-address"
    " --derive-private-key"
    # ERC-20 reads; the wallet's keystore and keys (local)
    " erc20-token.balance erc20-token.b erc20-token.allowance erc20-token.al erc20-token.name erc20-token.n"
    " erc20-token.symbol erc20-token.s erc20-token.decimals erc20-token.d erc20-token.total-supply"
    " erc20-token.ts wallet.new wallet.n wallet.new-mnemonic wallet.nm wallet.vanity wallet.va wallet.address"
    " wallet.a wallet.addr wallet.derive wallet.d wallet.sign wallet.s wallet.sign-auth wallet.sa"
    " wallet.verify wallet.v wallet.import wallet.i wallet.list wallet.ls wallet.remove wallet.rm"
    " wallet.private-key wallet.pk wallet.derive-private-key wallet.public-key wallet.pubkey"
    " wallet.decrypt-keystore wallet.dk wallet.change-password wallet.cp wallet.touch-id"
    # JSON-RPC methods that read
    " rpc.eth_get* rpc.eth_call rpc.eth_blockNumber rpc.eth_chainId rpc.eth_estimateGas rpc.eth_gasPrice"
    " rpc.eth_feeHistory rpc.eth_maxPriorityFeePerGas rpc.eth_blobBaseFee rpc.eth_syncing rpc.eth_accounts"
    " rpc.eth_protocolVersion rpc.eth_createAccessList rpc.eth_simulateV1 rpc.net_* rpc.web3_clientVersion"
    " rpc.web3_sha3 rpc.debug_trace* rpc.trace_* rpc.txpool_* rpc.ots_*"
)
_CAST = _tree(
    Tree(_CAST_READS, "erc20-token|erc20 wallet|w rpc|rp", "--color -j --threads", "-q --quiet --json --md")
)


# -- Hardhat, Truffle, Brownie, ApeWorX: a script or a task run on a named network ------------------------------
_HARDHAT_VALUES = _split("--network --config --tsconfig --max-memory --build-profile")
_HARDHAT_FLAGS = _split(
    "--verbose --show-stack-traces --emoji --typecheck --flamegraph --version --coverage --no-compile --quiet"
)
# Tasks that never send: they build, check, print or keep a local keystore; `node` is the local chain itself.
_HARDHAT_LOCAL = _split(
    "compile clean check flatten help init node vars keystore typechain size-contracts docgen export-abi"
    " clear-abi storage-layout gas-reporter:merge solhint coverage accounts build"
)
# Tasks that run the project's code on the network it is given: with no network named, the in-process one
# (or the configuration's default): ordinary unless the words name another network.
_HARDHAT_RUNS = _split("test console run")
_HARDHAT_SCOPED = _split("ignition vars keystore")
_HARDHAT_IGNITION_LOCAL = _split("visualize status deployments transactions wipe track-tx")
_IN_PROCESS = frozenset({"hardhat"})
_NETWORK = frozenset({"--network"})


def _other_network(args: tuple[str, ...], local: frozenset[str], names: frozenset[str] = _NETWORK) -> bool:
    """The words name a network other than the in-process ones ``local`` (or one not literal)."""
    return any(v not in local or not _literal(v) for v in _option_value(args, names))


def _only_local(args: tuple[str, ...], local: frozenset[str], names: frozenset[str] = _NETWORK) -> bool:
    """The words name a network, and only the in-process ones ``local``."""
    values = _option_value(args, names)
    return bool(values) and all(v in local for v in values)


def _operands(args: tuple[str, ...], values: frozenset[str], flags: frozenset[str]) -> list[list[int]]:
    """Every reading of ``args``' operand indexes (an option of unknown arity may take the next word)."""
    out: list[list[int]] = []
    todo: list[tuple[int, tuple[int, ...]]] = [(0, ())]
    while todo and len(out) < _MAX_READINGS:
        k, got = todo.pop()
        if k >= len(args) or len(got) >= 3:
            out.append(list(got))
            continue
        w = args[k]
        if w[:1] == "-" and len(w) > 1:
            if "=" in w or w in flags:
                todo.append((k + 1, got))
            elif w in values:
                todo.append((k + 2, got))
            else:
                todo.extend(((k + 1, got), (k + 2, got)))
            continue
        todo.append((k + 1, (*got, k)))
    return out


def _hardhat(view: tuple[str, ...]) -> bool:
    """Hardhat: verifying publishes the source to an explorer (``verify``, ``ignition verify``, hardhat-deploy's
    ``etherscan-verify`` and ``sourcify``); a deploy (``ignition deploy``, hardhat-deploy's ``deploy``) and
    any task not known here (the project's own: ``mint``, ``transfer``) act on the network the configuration
    or ``--network`` names, unless that is the in-process ``hardhat``; ``run``, ``test`` and ``console`` run
    code and act when the words name another network -- or, for ``run``, when the script's name says it
    deploys (``scripts/deploy.ts``: the network is then the configuration's). The rest is local."""
    args = view[1:]
    if _helps(args):
        return False
    local = _only_local(args, _IN_PROCESS)
    other = _other_network(args, _IN_PROCESS)
    for ops in _operands(args, _HARDHAT_VALUES, _HARDHAT_FLAGS):
        if not ops:
            continue
        task = args[ops[0]]
        sub = args[ops[1]] if len(ops) > 1 else ""
        if not _literal(task):
            return True
        if task.startswith("verify") or task in ("etherscan-verify", "sourcify"):
            return True
        if task in _HARDHAT_SCOPED:
            if task == "ignition" and sub not in _HARDHAT_IGNITION_LOCAL and (sub == "verify" or not local):
                return True
            continue
        if task in _HARDHAT_RUNS:
            script = sub if task == "run" else ""
            if other or (script and not local and (not _literal(script) or task_name_publishes(script))):
                return True
            continue
        if task in _HARDHAT_LOCAL:
            continue
        if not local:
            return True  # `hardhat deploy --network mainnet`, `hardhat mint --to 0x…`: the project's tasks
    return False


_TRUFFLE_VALUES = _split("--network --config --working_directory --working-directory")
_TRUFFLE_LOCAL = _split(
    "build compile config create db debug dashboard help init networks obtain opcode unbox version watch"
    " develop call"
)
_TRUFFLE_PLUGINS_LOCAL = _split("coverage contract-size")


def _truffle(view: tuple[str, ...]) -> bool:
    """Truffle (and TronBox, its fork for Tron): ``migrate``/``deploy`` run the migrations on the configured
    network (``development`` is the configuration's, often a node on 8545: not read as local), ``exec`` a
    script on it, ``publish`` and ``preserve`` send the package to a registry or IPFS, ``run verify`` the
    source to an explorer; ``test`` and ``console`` act when a network is named. Unknown commands act."""
    args = view[1:]
    if _helps(args):
        return False
    for ops in _operands(args, _TRUFFLE_VALUES, frozenset()):
        if not ops:
            continue
        cmd = args[ops[0]]
        if cmd in ("test", "console"):
            if _option_value(args, _NETWORK):
                return True
            continue
        if cmd == "run":
            plugin = args[ops[1]] if len(ops) > 1 else ""
            if plugin and plugin not in _TRUFFLE_PLUGINS_LOCAL:
                return True
            continue
        if cmd not in _TRUFFLE_LOCAL:
            return True
    return False


_BROWNIE_LOCAL = frozenset({"development"})
_BROWNIE_VALUES = _split("--network --gas -g")


def _script_runner_acts(args: tuple[str, ...], values: frozenset[str], other: bool, local: bool) -> bool:
    """Brownie's and Ape's shared reading, once their networks are known (``other``: one not local is named;
    ``local``: only local ones are): ``run``, ``console`` and ``test`` act on another network; ``run SCRIPT``
    with no local network named acts when the script's name says it deploys (or is not literal)."""
    for ops in _operands(args, values, frozenset()):
        if not ops:
            continue
        cmd = args[ops[0]]
        if cmd in ("run", "console", "test") and other:
            return True
        script = args[ops[1]] if cmd == "run" and len(ops) > 1 else ""
        if script and not local and (not _literal(script) or task_name_publishes(script)):
            return True
    return False


def _brownie(view: tuple[str, ...]) -> bool:
    """Brownie: ``run SCRIPT`` and ``console``/``test`` act on the network ``--network`` names unless it is
    ``development`` (a Ganache Brownie starts and stops itself); ``run`` with no network named runs on the
    configuration's default, so a script whose name says it deploys acts. ``accounts``, ``networks``,
    ``compile``, ``pm`` are local."""
    args = view[1:]
    if _helps(args):
        return False
    return _script_runner_acts(
        args, _BROWNIE_VALUES, _other_network(args, _BROWNIE_LOCAL), _only_local(args, _BROWNIE_LOCAL)
    )


def _ape_local(value: str) -> bool:
    """ApeWorX's ``ECOSYSTEM:NETWORK:PROVIDER``: the ``local`` network is a chain on this machine (the test
    provider, or a node Ape starts)."""
    parts = value.split(":")
    return len(parts) > 1 and parts[1] == "local" and _literal(value)


def _ape(view: tuple[str, ...]) -> bool:
    """ApeWorX: ``run``, ``console`` and ``test`` act on a network ``--network`` names other than a local one;
    ``run`` with none named, when the script's name says it deploys (the configuration's default network)."""
    args = view[1:]
    if _helps(args):
        return False
    nets = _option_value(args, _NETWORK)
    other = any(not _ape_local(v) for v in nets)
    return _script_runner_acts(args, _NETWORK, other, bool(nets) and not other)


# -- Solana ----------------------------------------------------------------------------------------------------
_SOLANA_VALUES = (
    "-u --url -k --keypair -C --config --commitment --ws --output --with-compute-unit-price --fee-payer"
    " --nonce --nonce-authority --blockhash"
)
_SOLANA = Tree(
    "account address balance block block-height block-production block-time catchup cluster-date"
    " cluster-version config confirm decode-transaction epoch epoch-info fees first-available-block"
    " genesis-hash gossip inflation largest-accounts leader-schedule live-slots logs nonce nonce-account rent"
    " slot stake-account stake-history stakes stake-minimum-delegation supply transaction-count"
    " transaction-history validators vote-account wait-for-max-stake resolve-signer sign-offchain-message"
    " verify-offchain-signature create-address-with-seed find-program-derived-address airdrop completion"
    " program.show program.dump program-v4.show program-v4.dump feature.status validator-info.get"
    " address-lookup-table.get",
    "program program-v4 feature validator-info address-lookup-table",
    _SOLANA_VALUES,
    "-v --verbose --no-address-labels --skip-seed-phrase-validation --use-quic --use-udp --use-tpu-client",
)
# Anchor: a program deployed, upgraded or migrated, an IDL written on chain, a package published; `test`
# deploys to the cluster it is given (its own local validator by default, `localnet`), `run` a script of
# Anchor.toml read by its name, `shell` a REPL with the wallet.
_ANCHOR = Tree(
    "init build b expand verify test t new clean cluster keys localnet account completions login run"
    " idl.build idl.fetch idl.parse idl.type idl.convert idl.authority",
    "idl",
    "--provider.cluster --provider.wallet --commitment",
)
_ANCHOR_TREE = _tree(_ANCHOR)
_ANCHOR_COMPILED = _Compiled(_ANCHOR)
_LOCALNET = frozenset({"localnet", "l"})
_CLUSTER = frozenset({"--provider.cluster"})


def _anchor(view: tuple[str, ...]) -> bool:
    args = view[1:]
    if _helps(args):
        return False
    if _ANCHOR_TREE(view):
        return True
    for group, word, k in _readings(_ANCHOR_COMPILED, args) or []:
        if group:
            continue
        if word in ("test", "t") and _other_network(args, _LOCALNET, _CLUSTER):
            return True
        if word == "run":
            script = next((w for w in args[k + 1 :] if w[:1] != "-"), "")
            if not _literal(script) or task_name_publishes(script):
                return True
    return False


_SPL_TOKEN = Tree(
    "accounts address balance supply account-info display completion",
    "",
    "-u --url -C --config -p --program-id --fee-payer --owner --output --with-compute-unit-price"
    " --with-compute-unit-limit",
    "-v --verbose --program-2022",
)
# Metaplex: Sugar's candy machines (deploy, upload to Arweave, mint, withdraw, reveal, guards) and metaboss.
_SUGAR = Tree(
    "validate verify show hash create-config bundlr.balance config.create guard.show",
    "bundlr config guard collection freeze",
    "-c --config -k --keypair -r --rpc-url -l --log-level --cache",
)
_METABOSS = Tree("decode derive find snapshot", "", "-r --rpc -T --timeout -l --log-level")

# -- Move chains -------------------------------------------------------------------------------------------------
# Sui (and IOTA, its fork): the client's transactions and publishes; `--dry-run` and the serialize options only
# simulate or print. `move`, `keytool`, `start` and `genesis` are local.
_SUI = Tree(
    "move keytool start genesis genesis-ceremony completion console"
    " client.active-address client.active-env client.addresses client.balance client.chain-identifier"
    " client.dynamic-field client.envs client.faucet client.gas client.new-address client.new-env client.object"
    " client.objects client.switch client.tx-block client.verify-source client.verify-bytecode-meter"
    " client.remove-address client.replay-transaction client.replay-batch client.replay-checkpoint"
    " client.profile-transaction validator.display-metadata validator.make-validator-info",
    "client validator",
    "--client.config --client.env",
    "-y --yes --json",
    "--dry-run --serialize-unsigned-transaction --serialize-signed-transaction",
)
# Aptos: `move publish|run|run-script|deploy-object|upgrade-object…`, `account transfer|create|rotate-key`, the
# stake, governance and multisig transactions. `node run-localnet` starts a local chain.
_APTOS = Tree(
    "info init update config key genesis"
    " move.build-publish-payload move.clean move.compile move.compile-script move.coverage move.disassemble"
    " move.decompile move.document move.download move.init move.list move.prove move.show move.test"
    " move.verify-package move.view move.lint move.fmt move.new move.replay"
    " account.balance account.list account.lookup-address account.derive-resource-account-address"
    " account.fund-with-faucet node.run-localnet node.run-local-testnet node.show-validator-config"
    " node.show-validator-set node.show-validator-stake node.check-network-connectivity node.get-stake-pool"
    " node.analyze-validator-performance node.get-performance node.bootstrap-db-from-backup"
    " governance.show-proposal governance.list-proposals governance.verify-proposal"
    " governance.generate-upgrade-proposal multisig.check-transaction multisig.verify-proposal",
    "move account node stake governance multisig",
)

# -- NEAR: the JavaScript near-cli and near-cli-rs (one name) --------------------------------------------------
_NEAR = Tree(
    "state keys tx-status view view-state validators proposals generate-key login config extensions"
    " account.view-account-summary account.import-account account.export-account account.list-keys"
    " account.get-public-key tokens.view-near-balance tokens.view-ft-balance tokens.view-nft-assets"
    " staking.validator-list delegation.view-balance manage-storage-deposit.view-balance"
    " call-function.as-read-only contract.inspect contract.download-abi contract.download-wasm"
    " contract.view-storage transaction.view-status transaction.reconstruct-transaction",
    "account tokens:1 staking delegation:1 contract call-function transaction manage-storage-deposit",
    "--networkId --networkid --network-id --accountId --account-id --nodeUrl --node-url --keyPath --walletUrl"
    " --helperUrl --masterAccount",
)

# -- Starknet: Starknet Foundry's sncast, starkli, cairo-lang's starknet -----------------------------------------
_SNCAST = Tree(
    "call show-config tx-status completion utils account.create account.list account.delete account.import"
    " multicall.new script.init",
    "account multicall script",
    "--profile -p --account -a --accounts-file -f --keystore -k --url -u --wait-timeout --wait-retry-interval",
    "--json --wait --int-format --hex-format",
)
_STARKLI = Tree(
    "selector class-hash class-by-hash class-at class-hash-at block block-number block-hash block-time"
    " block-traces chain-id balance call nonce storage transaction tx receipt trace transaction-receipt"
    " transaction-status status syncing spec-version to-cairo-string parse-cairo-string mont ecdsa signer"
    " completions lab account.oz account.argent account.braavos account.fetch account.explorer",
    "account",
    "--rpc --network --account --keystore --private-key",
)
_STARKNET = Tree(
    "call get_* tx_status estimate_fee new_account",
    "",
    "--network --feeder_gateway_url --gateway_url --account --account_dir",
)

# -- Bitcoin and Lightning ---------------------------------------------------------------------------------------
# Bitcoin Core's RPCs (and its forks' clients: the same calls): sends, fee bumps, a wallet unlocked, blocks and
# packages submitted, peers banned. Options are written `-name` or `-name=value`, never taking the next word.
_BITCOIN = Tree(
    "get* list* decode* estimate* validate* verify* analyze* uptime createrawtransaction createpsbt"
    " createmultisig converttopsbt joinpsbts combinepsbt combinerawtransaction finalizepsbt utxoupdatepsbt"
    " deriveaddresses testmempoolaccept scantxoutset signmessagewithprivkey -getinfo -netinfo -addrinfo",
    "",
    "",
    "-named -stdin -stdinrpcpass -stdinwalletpassphrase -testnet -testnet4 -regtest -signet -version -?",
)
# LND: payments, channels opened and closed, coins sent, PSBTs published.
_LNCLI = Tree(
    "get* list* describe* query* decode* lookup* estimate* verify* walletbalance channelbalance"
    " pendingchannels closedchannels feereport fwdinghistory newaddress state version signmessage"
    " wallet.estimatefeerate wallet.pendingsweeps wallet.listsweeps",
    "wallet",
    "--rpcserver --lnddir --tlscertpath --chain -c --network -n --macaroonpath --macaroontimeout --macaroonip"
    " --profile -p --macfromjar --metadata --socksproxy",
    "--no-macaroons --insecure",
)
# Core Lightning: pay, keysend, withdraw, fund and close channels.
_LIGHTNING_CLI = Tree(
    "get* list* decode* bkpr-* help feerates summary checkmessage ping",
    "",
    "--lightning-dir --rpc-file --network --conf",
    "-k --keywords -o --order -H --human-readable -J --json -R --raw -F --flat",
)
_ECLAIR_CLI = Tree(
    "get* list* find* parse* all* peers channels channel audit networkfees channelstats usablebalances"
    " onchainbalance onchaintransactions globalbalance nodes node",
    "",
    "-p -a",
)

# -- Tezos, Algorand, Casper, ethers' CLI, thirdweb, Tenderly ---------------------------------------------------
_OCTEZ = Tree(
    "get list gen import show typecheck hash config man run normalize check convert compute remember forget"
    " rpc.get rpc.list rpc.schema rpc.format rpc.describe",
    "rpc",
    "-E --endpoint -d --base-dir -A --addr -P --port -w --wait -p --protocol -R --remote-signer -f"
    " --password-filename -M --mode -c --config-file -b --block",
    "-S --tls -l --log-requests",
)
_GOAL = Tree(
    "node wallet kmd ledger network protocols version license completion logging"
    " account.list account.new account.balance account.info account.export account.import account.rename"
    " account.delete account.dump account.listpartkeys account.partkeyinfo clerk.sign clerk.inspect"
    " clerk.compile clerk.dryrun clerk.dryrun-remote clerk.split clerk.group clerk.tealsign clerk.simulate"
    " app.info app.read asset.info",
    "account clerk app asset",
    "-d --datadir -k --kmddir -w --wallet",
)
_ALGOKIT = Tree(
    "init bootstrap doctor explore completions config generate compile localnet goal"
    " project.bootstrap project.link project.list task.wallet task.sign task.analyze task.nfd-lookup"
    " task.vanity-address dispenser.login dispenser.logout dispenser.limit dispenser.fund",
    "project task dispenser",
)
_CASPER = Tree(
    "get-* query-* list-rpcs keygen account-address generate-completion make-deploy make-transaction"
    " make-transfer sign-deploy sign-transaction",
)
_ETHERS = Tree(
    "info lookup compile init",
    "",
    "--account --account-rpc --account-void --network --rpc --gas-price --gas-limit --nonce --data --value",
    "--yes --unsafe-password --post",
)
# thirdweb: `deploy` uploads the contract to IPFS for deploying, `publish` to thirdweb's registry, `upload` to
# IPFS. Tenderly: contracts pushed and verified, Web3 Actions deployed, devnets made in its cloud.
_THIRDWEB = Tree("create install generate login logout dev detect")
_TENDERLY = Tree(
    "login logout init export version update-check whoami completion actions.init actions.build", "actions"
)


# -- Cosmos SDK chains: `<chain>d tx …` ------------------------------------------------------------------------
# A Cosmos SDK chain's daemon signs and broadcasts with `tx` (`gaiad tx bank send`, `osmosisd tx gamm swap…`,
# `cosmovisor run tx …` through its supervisor); `query`, `keys`, `status`, `start` read or stay local. The
# daemons are listed by name (a rule for every `*d` would be a check on every segment, not a dict lookup).
COSMOS_DAEMONS = _split(
    "gaiad simd wasmd osmosisd junod evmosd injectived terrad secretd akash provider-services stargazed"
    " neutrond celestia-appd dydxprotocold kujirad axelard umeed strided sommelier persistenceCore regen"
    " cheqd-noded archwayd seid sifnoded iris crescentd bandd omniflixhubd quicksilverd nobled elysd desmos"
    " provenanced kava lumd bitsongd chihuahuad dymd babylond zetacored mantrachaind xiond pryzmd nibid"
    " sentinelhub agd fetchd cantod haqqd migalood andromedad kyved cored gravity ununifid acred irisd"
    " likecli cosmovisor"
)
_COSMOS_VALUES = _split("--home --log_level --log-level --log_format --log-format --chain-id --node")
_COSMOS_FLAGS = _split("--trace --yes -y --generate-only --dry-run --offline --ledger --aux")
# `tx` commands that only sign, encode or check a transaction here (the next word after `tx`).
_COSMOS_TX_LOCAL = _split(
    "sign sign-batch multisign multi-sign multisign-batch encode decode validate-signatures validate"
)
_COSMOS_DRY = _split("--generate-only --dry-run")


def _cosmos(view: tuple[str, ...]) -> bool:
    """``DAEMON tx …``: a transaction signed and broadcast, unless it only prints the unsigned transaction
    (``--generate-only``), simulates (``--dry-run``) or works on a file here (``tx sign|encode|decode…``)."""
    args = view[1:]
    if _helps(args):
        return False
    runner = view[0] == "cosmovisor"  # `cosmovisor run tx …`: the daemon's command after `run`
    for ops in _operands(args, _COSMOS_VALUES, _COSMOS_FLAGS):
        if runner:
            ops = ops[1:] if ops and args[ops[0]] == "run" else []
        if not ops or (args[ops[0]] != "tx" and _literal(args[ops[0]])):
            continue
        k = ops[0]
        nxt = args[k + 1] if k + 1 < len(args) else ""
        if nxt in _COSMOS_TX_LOCAL or nxt in ("", "--help", "-h") or _given(args, _COSMOS_DRY, _COSMOS_FLAGS):
            continue
        return True
    return False


# -- code run against a node, and the one-operand readers -------------------------------------------------------
_GETH_CONSOLES = _split("attach console js")


def _geth(view: tuple[str, ...]) -> bool:
    """geth (and Polygon's bor): ``attach``, ``console`` and ``--exec JS`` run JavaScript against a node, which
    may hold unlocked accounts (``eth.sendTransaction``): code no rule can read. ``console`` on the ``--dev``
    chain geth starts in the same process stays local; ``attach`` connects to whatever node the endpoint is."""
    args = view[1:]
    if _helps(args):
        return False
    dev = "--dev" in args
    prev = ""
    for w in args:
        if w.partition("=")[0] in ("--exec", "-exec", "--preload", "-preload") and not dev:
            return True
        if w in _GETH_CONSOLES and not (w == "console" and dev):
            return True
        if not _literal(w) and prev[:1] != "-":
            return True  # `geth $CMD`: the command may be `attach`
        prev = w
    return False


def _cardano(view: tuple[str, ...]) -> bool:
    """cardano-cli: ``transaction submit`` (in any era's group) sends a transaction; building, signing and
    queries stay here."""
    if _helps(view[1:]):
        return False
    path = [w for w in view[1:4] if w[:1] != "-"]  # the command path (its parameters are all options)
    return "submit" in view[1:] or any(not _literal(w) for w in path)


_POLKADOT_VALUES = _split("--ws --seed --types --params --nonce --tip --assetId --sudoUncheckedWeight")


def _polkadot(view: tuple[str, ...]) -> bool:
    """polkadot-js-api: ``tx.MODULE.CALL`` signs and submits an extrinsic (``rpc.author.submit…`` one already
    signed); ``query.*``, ``consts.*`` and other ``rpc.*`` read. The method is the first operand."""
    args = view[1:]
    if _helps(args):
        return False
    if any(w.startswith(("tx.", "rpc.author.submit")) for w in args):
        return True
    for ops in _operands(args, _POLKADOT_VALUES, frozenset()):
        if ops and not _literal(args[ops[0]]):
            return True
    return False


_INK_ACTS = _split("instantiate upload call remove")
_EXECUTE = frozenset({"--execute", "-x"})
_INK_FLAGS = _split(
    "-v --verbose -q --quiet --skip-confirm -y --skip-dry-run --output-json --offline --release"
)


def _cargo_contract(view: tuple[str, ...]) -> bool:
    """ink!'s ``cargo-contract instantiate|upload|call|remove --execute`` (``-x``) submits the extrinsic; without
    it, a dry run. (``cargo contract …`` is a plugin found on the PATH: opaque already, R4.9.)"""
    words = view[1:]
    ops = [w for w in words if w[:1] != "-"]
    return (
        bool(ops)
        and (ops[0] in _INK_ACTS or not _literal(ops[0]))
        and _option_may_be(words, _EXECUTE, _INK_FLAGS)
    )


def _leo(view: tuple[str, ...]) -> bool:
    """Aleo's Leo: ``deploy`` and ``upgrade`` send the program; ``execute --broadcast`` the transaction."""
    ops = [w for w in view[1:] if w[:1] != "-"]
    cmd = ops[0] if ops else ""
    if _helps(view[1:]):
        return False
    if cmd in ("deploy", "upgrade") or (ops and not _literal(cmd)):
        return True
    return cmd == "execute" and _option_may_be(view[2:], frozenset({"--broadcast"}), frozenset())


READERS: dict[str, Callable[[tuple[str, ...]], bool]] = {
    "forge": _forge,
    "cast": _CAST,
    "hardhat": _hardhat,
    "truffle": _truffle,
    "tronbox": _truffle,
    "brownie": _brownie,
    "ape": _ape,
    "solana": _tree(_SOLANA),
    "anchor": _anchor,
    "spl-token": _tree(_SPL_TOKEN),
    "sugar": _tree(_SUGAR),
    "metaboss": _tree(_METABOSS),
    "sui": _tree(_SUI),
    "iota": _tree(_SUI),
    "aptos": _tree(_APTOS),
    "near": _tree(_NEAR),
    "sncast": _tree(_SNCAST),
    "starkli": _tree(_STARKLI),
    "starknet": _tree(_STARKNET),
    **dict.fromkeys(
        ("bitcoin-cli", "litecoin-cli", "dogecoin-cli", "elements-cli", "dash-cli", "bitcoincash-cli"),
        _tree(_BITCOIN),
    ),
    "lncli": _tree(_LNCLI),
    "lightning-cli": _tree(_LIGHTNING_CLI),
    "eclair-cli": _tree(_ECLAIR_CLI),
    "octez-client": _tree(_OCTEZ),
    "tezos-client": _tree(_OCTEZ),
    "goal": _tree(_GOAL),
    "algokit": _tree(_ALGOKIT),
    "casper-client": _tree(_CASPER),
    "ethers": _tree(_ETHERS),
    "thirdweb": _tree(_THIRDWEB),
    "tenderly": _tree(_TENDERLY),
    "geth": _geth,
    "bor": _geth,
    "cardano-cli": _cardano,
    "polkadot-js-api": _polkadot,
    "cargo-contract": _cargo_contract,
    "leo": _leo,
    **dict.fromkeys(COSMOS_DAEMONS, _cosmos),
}


# -- a network chosen by the environment --------------------------------------------------------------------------
# `HARDHAT_NETWORK=mainnet npx hardhat run x.js`, `export HARDHAT_NETWORK=sepolia`: as `--network` (the in-process
# `hardhat` stays local); Foundry's `ETH_RPC_URL` only chooses where a send goes, which is capped already.
ASSIGNED_NETWORKS = {"HARDHAT_NETWORK": _IN_PROCESS}


def assigned_network(view: tuple[str, ...]) -> bool:
    """An assignment in ``view`` (before its command, after `env`, or `export`ed for the segments after it)
    that chooses a network other than a local one (or one not literal): whatever runs after it, the assignment
    exists to choose that network (fail closed)."""
    for w in view:
        if "=" not in w or not is_assignment(w):
            continue
        name, _, value = w.partition("=")
        local = ASSIGNED_NETWORKS.get(name)
        if local is not None and (value not in local or not _literal(value)):
            return True
    return False
