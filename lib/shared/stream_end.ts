/**
 * A stream that reports its end, however it ends: read to the last chunk,
 * failed, or cancelled by its reader. What holds a resource (a slot of a
 * gate, a reservation of memory) for as long as an answer is being sent.
 *
 * @module
 */

/** `stream`, calling `onEnd` once when it ends however it ends. */
export function withEndOf(stream: ReadableStream<Uint8Array>, onEnd: () => void): ReadableStream<Uint8Array> {
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    onEnd();
  };
  const reader = stream.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await reader.read();
        if (!done) return controller.enqueue(value);
        end();
        controller.close();
      } catch (error) {
        end();
        controller.error(error);
      }
    },
    cancel(reason) {
      end();
      return reader.cancel(reason);
    },
  });
}
