/** Lets rendering and input run between chunks of work, so a long sync never makes one long task. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
