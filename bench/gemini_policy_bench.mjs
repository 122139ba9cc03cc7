// Times the Gemini CLI policy engine (@google/gemini-cli-core, tree-sitter shell parsing) on the corpus
// bench/decide.py wrote, with the same rule set expressed as run_shell_command commandPrefix rules.
// Usage: node gemini_policy_bench.mjs <input.json>   (input: {rules: [{prefix, decision}], commands, rounds,
// verdicts?}; with verdicts: true it prints {verdicts: [ALLOW|ASK_USER|DENY per command]} instead)
// Prints one JSON object: {decisions, p50_us, p99_us, mean_us, decisions_per_s, cpu_us_per_decision,
// decisions_by_kind}. Wall-clock figures are per call; cpu_us_per_decision is process CPU time over the loop,
// which is steadier when other work shares the machine.
import { readFileSync } from 'node:fs';
import { PolicyEngine, PolicyDecision, ApprovalMode } from '@google/gemini-cli-core';
import { buildArgsPatterns } from '@google/gemini-cli-core/dist/src/policy/utils.js';

const input = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const PRIORITY = { deny: 3, ask: 2, allow: 1 };
const DECISION = { deny: PolicyDecision.DENY, ask: PolicyDecision.ASK_USER, allow: PolicyDecision.ALLOW };
const rules = input.rules.map((r) => ({
  toolName: 'run_shell_command',
  decision: DECISION[r.decision],
  priority: PRIORITY[r.decision],
  argsPattern: new RegExp(buildArgsPatterns(undefined, r.prefix)[0]),
  source: 'bench',
}));
const engine = new PolicyEngine({
  rules,
  defaultDecision: PolicyDecision.ASK_USER,
  approvalMode: ApprovalMode.DEFAULT,
});
const calls = input.commands.map((command) => ({ name: 'run_shell_command', args: { command } }));

// With `verdicts: true` (bench/friction.py): each command's decision once, in order, and nothing timed.
if (input.verdicts) {
  const NAMES = { [PolicyDecision.ALLOW]: 'ALLOW', [PolicyDecision.ASK_USER]: 'ASK_USER', [PolicyDecision.DENY]: 'DENY' };
  const verdicts = [];
  for (const call of calls) verdicts.push(NAMES[(await engine.check(call, undefined)).decision] ?? 'OTHER');
  console.log(JSON.stringify({ verdicts }));
  process.exit(0);
}

// Warm-up: loads tree-sitter and JITs the paths.
for (const call of calls) await engine.check(call, undefined);

const times = [];
const counts = {};
const cpu0 = process.cpuUsage();
const t0 = process.hrtime.bigint();
for (let round = 0; round < input.rounds; round++) {
  for (const call of calls) {
    const s = process.hrtime.bigint();
    const result = await engine.check(call, undefined);
    times.push(Number(process.hrtime.bigint() - s) / 1000);
    if (round === 0) counts[result.decision] = (counts[result.decision] ?? 0) + 1;
  }
}
const total = Number(process.hrtime.bigint() - t0) / 1e9;
const cpu = process.cpuUsage(cpu0);
times.sort((a, b) => a - b);
const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
console.log(JSON.stringify({
  decisions: times.length,
  p50_us: pct(50),
  p99_us: pct(99),
  mean_us: times.reduce((a, b) => a + b, 0) / times.length,
  decisions_per_s: times.length / total,
  cpu_us_per_decision: (cpu.user + cpu.system) / times.length,
  decisions_by_kind: counts,
}));
