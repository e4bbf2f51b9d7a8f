/**
 * One step of a command, with the undo that gives back what its `run` took (reserve stock ↔ release
 * stock). `run` adds what it made to the state the later steps see.
 */
export type Step<S> = {
  name: string
  run: (state: S) => Promise<S>
  undo?: (state: S) => Promise<void>
}

/**
 * Runs the steps in order; when one fails, the undos of the steps already done run in reverse order
 * (each with the state as it was after its own run), then the failure is thrown. An undo that fails is
 * reported to `onUndoFailure` and the others still run: the original failure is what the caller sees.
 */
export async function runSteps<S>(
  initial: S,
  steps: Step<S>[],
  onUndoFailure: (step: string, err: unknown) => void = () => undefined,
): Promise<S> {
  const done: { step: Step<S>; state: S }[] = []
  let state = initial
  try {
    for (const step of steps) {
      state = await step.run(state)
      done.push({ step, state })
    }
    return state
  } catch (err) {
    for (const { step, state: after } of done.reverse()) {
      await step.undo?.(after).catch((undoErr: unknown) => onUndoFailure(step.name, undoErr))
    }
    throw err
  }
}
