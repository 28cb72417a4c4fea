import { afterCommit, type CommitLog } from '../../db/transaction';
import type { Principal } from './actor';
import type { RelationChange, ValidatedInput } from './input';
import type { ContentType, LifecycleEvent, Lifecycles } from './types';
import type { Transaction } from '../../db/handles';

/** The input of a write that carries no body (a delete). */
export function emptyInput(): ValidatedInput {
  return { values: new Map(), relations: new Map(), data: {} };
}

/**
 * The lifecycle hooks of one write: each registration gets its own state, before hooks may change
 * what is written (`set`), and the callbacks they leave wait for the commit (never run when the
 * write rolled back).
 */
export class HookRun {
  private readonly states = new Map<Lifecycles<object>, object>();
  private readonly pending: (() => unknown)[] = [];

  constructor(
    private readonly type: ContentType,
    private readonly actor: Principal,
    private readonly input: ValidatedInput,
  ) {}

  /** Runs `step` of every registration of the type, in order, in the write's transaction. */
  async run(step: keyof Lifecycles, tx: Transaction, id: number) {
    const canSet = step.startsWith('before');
    for (const lifecycles of this.type.lifecycles) {
      if (!lifecycles[step]) continue;
      let state = this.states.get(lifecycles);
      if (!state) this.states.set(lifecycles, (state = {}));
      const event: LifecycleEvent<object> = {
        tx,
        actor: this.actor,
        id,
        data: this.input.data,
        state,
        set: (name, value) => {
          // After the statement there is nothing left to shape: a hook that needs to must say so.
          if (!canSet) throw new Error(`${this.type.uid}: ${step} cannot set ${name}`);
          this.set(name, value);
        },
        afterCommit: (callback) => this.pending.push(callback),
      };
      await lifecycles[step]?.(event);
    }
  }

  /** Each callback on its own: one that fails is logged and the others still run. */
  committed(log: CommitLog | undefined) {
    for (const callback of this.pending) {
      afterCommit(log, `a callback of ${this.type.uid}`, callback);
    }
  }

  /** Changes the value the engine writes for one attribute (the server's, not the client's). */
  private set(name: string, value: unknown) {
    const { values, relations, data } = this.input;
    if (name === 'publishedAt' && this.type.draftAndPublish) {
      values.set(name, value);
      data[name] = value;
      return;
    }
    const attribute = this.type.attributes.get(name);
    if (!attribute) throw new Error(`${this.type.uid} has no attribute ${name}`);
    if (attribute.kind === 'relation') {
      const ids =
        value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];
      const change: RelationChange = { set: ids as number[] };
      relations.set(name, { attribute, change });
      data[name] = change;
      return;
    }
    values.set(name, value);
    data[name] = value;
  }
}
