import { runCli } from '../src/cli';

const code = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
});
console.log('exit', code);
process.exit(0);
