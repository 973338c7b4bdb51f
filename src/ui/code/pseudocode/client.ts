import type { CodeBlock } from "./codeBlock.ts";

// This lab's client (docs/fidelity.md "World", the clients): not upstream code.
export const CLIENT: CodeBlock = {
  id: "client",
  name: "client loop",
  where: "the client (this lab's model)",
  upstreamPath: null,
  lines: [
    { depth: 0, text: "repeat:" },
    { id: "client.send", depth: 1, text: "send LIST(options) to the apiserver" },
    { depth: 1, text: "if the answer is an error with Retry-After N:" },
    {
      id: "client.retry",
      depth: 2,
      text: "sleep N s, then send again (at most 10 times)",
      note: "retry=obey; 'immediate' waits 1 ms, 'none' gives up",
    },
    { depth: 1, text: "otherwise: keep the answer and stop" },
  ],
};
