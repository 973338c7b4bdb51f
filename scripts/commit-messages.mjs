// `npm run commits:check [-- <range>]`: the house rule for commit messages on the commits of a
// range (default main..HEAD, the branch's own): a subject under 72 characters, then a blank line
// and a body that says why. Merge commits are git's own words and are passed over. Exits 1 and
// names each commit that breaks the rule.
import { execFileSync } from "node:child_process";

const MAX_SUBJECT = 71;
const range = process.argv[2] ?? "main..HEAD";
const log = execFileSync("git", ["log", "--no-merges", "--format=%h%x00%B%x1e", range], {
  encoding: "utf8",
});

const problems = [];
for (const entry of log.split("\x1e")) {
  const [hash, message = ""] = entry.trim().split("\0");
  if (!hash) continue;
  const [subject = "", blank, ...rest] = message.split("\n");
  if (subject.length > MAX_SUBJECT) {
    problems.push(`${hash}: subject of ${subject.length} characters (under 72): "${subject}"`);
  }
  const body = rest.join("\n").trim();
  if (blank === undefined || blank.trim() !== "" || body === "") {
    problems.push(`${hash}: no body after a blank line to say why: "${subject}"`);
  }
}
if (problems.length > 0) {
  process.stderr.write(`${problems.join("\n")}\n`);
  process.exit(1);
}
process.stdout.write(`commits ${range}: every message keeps the rule\n`);
