const CODED_MESSAGE = /^([\s\S]*\S)\s+-\s+([a-z][a-z0-9_]*)$/;

/**
 * A message and the code after it ('El BIN ya existe - bin_exists', the gateway's `withCode`): the text, its final
 * period back, and the code; a message without one as it is, code null. The web shows the message as written, its
 * code also the element's `data-code` (`MessageText`, components/detail/code-text.tsx).
 */
export function splitCodedMessage(message: string): { text: string; code: string | null } {
  const match = CODED_MESSAGE.exec(message.trim());
  if (!match?.[1] || !match[2]) return { text: message, code: null };
  const text = /[.!?…]$/.test(match[1]) ? match[1] : `${match[1]}.`;
  return { text, code: match[2] };
}
