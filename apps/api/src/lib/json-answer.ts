import type { Tag } from '@podo/cache';

/**
 * An answer whose JSON text is already written (the product list joins the cards the database keeps as text):
 * sent as its bytes, cached as its bytes, never parsed and serialized again. `tags` are the answer cache's tags;
 * `ids` the wines of its cards, in order (the shared member answers flag each card's wish in the bytes).
 */
export class JsonAnswer {
  constructor(
    readonly text: string,
    readonly ids: readonly number[],
    readonly tags: () => Iterable<Tag>,
  ) {}
}
