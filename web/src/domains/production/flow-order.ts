export interface FlowStep {
  key: string;
  procedureId: number;
  repeatReason: string;
  x: number;
  y: number;
}

/** The steps in flow order: left to right, then top to bottom (dragging a node moves its place in the routing). */
export const ordered = <T extends Pick<FlowStep, 'x' | 'y'>>(steps: readonly T[]): T[] =>
  [...steps].sort((a, b) => a.x - b.x || a.y - b.y);

/** The steps that repeat the procedure just before them and still need a reason (the server refuses them). */
export const missingReasons = (flow: readonly FlowStep[]): string[] =>
  flow
    .filter((s, i) => i > 0 && flow[i - 1]!.procedureId === s.procedureId && !s.repeatReason.trim())
    .map((s) => s.key);
