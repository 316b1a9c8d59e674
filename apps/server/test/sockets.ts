import WebSocket from 'ws';

/** Waits until `check` holds, polling every 10 ms; throws after `ms`. */
export const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

/** Opens a WebSocket, hands every frame to `onMessage` from the start, and resolves once it is open. */
export async function openSocket(url: string, onMessage: (data: WebSocket.RawData) => void) {
  const socket = new WebSocket(url);
  socket.on('message', onMessage);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return socket;
}
