/**
 * Resolves in a task of its own, so that the work before and after it are two tasks with the main
 * thread free between them (for input, and for the browser to paint): on a phone, a start-up step
 * of 30 ms is 120, and tasks over 50 ms are what the page's blocking time adds up.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}
