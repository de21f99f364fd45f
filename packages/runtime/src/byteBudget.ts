/**
 * A bound on the bytes a process holds at once for work it cannot stream (request bodies parsed
 * whole, messages decoded whole), shared fairly between owners (workspaces): an owner holds at
 * most `ownerShare` of the budget, so one client's burst cannot take every other client's room.
 *
 * Nothing waits: a hold that does not fit is refused at once, and the caller answers "busy, retry"
 * (a waiting body would hold its connection and its socket buffers, which is the memory being
 * bounded). One hold larger than the whole budget (or the owner's share) is let through when the
 * process (or the owner) holds nothing else, so that every size the caller accepts can get in.
 */
export class ByteBudget {
  private inUse = 0;
  private readonly byOwner = new Map<string, number>();

  constructor(
    readonly maxBytes: number,
    readonly ownerShare = 1,
  ) {
    if (!(maxBytes > 0)) throw new Error("ByteBudget: maxBytes must be positive");
    if (!(ownerShare > 0 && ownerShare <= 1)) throw new Error("ByteBudget: ownerShare must be in (0, 1]");
  }

  /** Bytes held now, by everyone. */
  get bytesInUse(): number {
    return this.inUse;
  }

  /**
   * Takes `bytes` for `owner` when they fit; answers the function that gives them back (safe to
   * call more than once), or null when they do not fit.
   */
  tryHold(owner: string, bytes: number): (() => void) | null {
    const ownerBytes = this.byOwner.get(owner) ?? 0;
    const fitsProcess = this.inUse === 0 || this.inUse + bytes <= this.maxBytes;
    const fitsOwner = ownerBytes === 0 || ownerBytes + bytes <= this.maxBytes * this.ownerShare;
    if (!fitsProcess || !fitsOwner) return null;
    this.inUse += bytes;
    this.byOwner.set(owner, ownerBytes + bytes);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inUse -= bytes;
      const left = (this.byOwner.get(owner) ?? bytes) - bytes;
      if (left > 0) this.byOwner.set(owner, left);
      else this.byOwner.delete(owner);
    };
  }
}
