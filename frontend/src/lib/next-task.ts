/**
 * Resolves in a task of its own, so that the work before and after it are two tasks with the main
 * thread free between them (for input, and for the browser to paint): on a phone, a start-up step
 * of 30 ms is 120, and tasks over 50 ms are what the page's blocking time adds up.
 *
 * A message to itself rather than `setTimeout(0)`: browsers stretch nested timeouts to 4 ms, and
 * tests that fake the clock would hold every caller until they move it.
 */
export function nextTask(): Promise<void> {
  if (typeof MessageChannel === 'undefined') {
    return new Promise((resolve) => {
      setTimeout(resolve, 0);
    });
  }
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}
