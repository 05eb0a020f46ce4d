/**
 * The client's address, as a per-source budget and the activity's origin name it (the TCP peer: behind a proxy, the
 * proxy's; forwarded headers are not trusted).
 */
export const clientAddress = (req: { socket: { remoteAddress?: string | undefined } }): string =>
  req.socket.remoteAddress ?? 'unknown';
