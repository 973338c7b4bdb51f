// The command line's stdout, written synchronously. process.stdout buffers in memory what a pipe
// cannot take yet: a 24 h OpenMetrics run piped into `wc -c` grew to 2 GB and died with ENOBUFS.
// Written here, the run waits for the reader instead (a pipe may answer EAGAIN: wait and retry).
// A closed pipe or a full disk throws, and the command ends with exit 1.

const fs = () => process.getBuiltinModule("node:fs");
const pause = new Int32Array(new SharedArrayBuffer(4));
const WAIT_MS = 2;

export function writeOut(text: string, fd = 1): void {
  const bytes = Buffer.from(text);
  for (let done = 0; done < bytes.length; ) {
    try {
      done += fs().writeSync(fd, bytes, done, bytes.length - done);
    } catch (error) {
      if ((error as { code?: string }).code !== "EAGAIN") throw error;
      Atomics.wait(pause, 0, 0, WAIT_MS);
    }
  }
}
