/** The service's notion of now: injectable, so a test moves time instead of waiting. */
export type Clock = () => Date
export const systemClock: Clock = () => new Date()
