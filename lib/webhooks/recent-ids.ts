/** The last `capacity` event ids seen, oldest forgotten first: duplicates are caught in bounded memory. */
export class RecentIds {
  private readonly ids = new Set<string>();

  constructor(readonly capacity = 10_000) {}

  has(id: string): boolean {
    return this.ids.has(id);
  }

  add(id: string): void {
    if (this.ids.has(id)) return;
    this.ids.add(id);
    if (this.ids.size > this.capacity) this.ids.delete(this.ids.values().next().value as string);
  }

  get size(): number {
    return this.ids.size;
  }
}
