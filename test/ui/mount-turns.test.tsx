// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Later, MOUNT_TURN, MountTurns } from "../../src/ui/layout/MountTurns.tsx";

// The page's first render in turns: the shell at once, each later part in its turn's order, and
// everything at once where no MountTurns is above (tests of the whole page, the embed).

// The order in which each part first rendered.
const seen: string[] = [];
function Part({ name }: { name: string }) {
  if (!seen.includes(name)) seen.push(name);
  return <p>{name}</p>;
}

afterEach(cleanup);

describe("MountTurns", () => {
  it("shows the shell first and each part in its turn", async () => {
    render(
      <MountTurns>
        <Part name="shell" />
        <Later turn={MOUNT_TURN.sheets}>
          <Part name="sheets" />
        </Later>
        <Later turn={MOUNT_TURN.settings}>
          <Part name="settings" />
        </Later>
        <Later turn={MOUNT_TURN.controls} fallback={<p>no controls yet</p>}>
          <Part name="controls" />
        </Later>
      </MountTurns>,
    );
    expect(screen.getByText("shell")).toBeTruthy();
    expect(screen.getByText("no controls yet")).toBeTruthy();
    expect(screen.queryByText("settings")).toBeNull();
    await screen.findByText("sheets", {}, { timeout: 3000 });
    expect(seen).toEqual(["shell", "controls", "settings", "sheets"]);
    expect(screen.queryByText("no controls yet")).toBeNull();
  });

  it("renders everything at once without MountTurns", () => {
    render(
      <Later turn={MOUNT_TURN.sheets}>
        <p>inside</p>
      </Later>,
    );
    expect(screen.getByText("inside")).toBeTruthy();
  });
});
