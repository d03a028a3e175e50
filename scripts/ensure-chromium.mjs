// The e2e tests drive Debian's Chromium (never a downloaded browser). Install it when we can
// (root with apt-get), otherwise stop with the command to run.
import { execSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(CHROMIUM)) {
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;
  if (isRoot && hasApt) {
    console.log("Chromium is missing: installing Debian's chromium package...");
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium', { stdio: 'inherit' });
  } else {
    console.error(`Chromium is missing at ${CHROMIUM}. Install it with:\n\n  sudo apt-get install -y chromium\n\nor set CHROMIUM_PATH to a Chromium binary.`);
    process.exit(1);
  }
}
