import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';

// The embedded PGlite runs each statement inside the API's own process, and its promises resolve
// without waiting on any I/O: a transaction of several statements would run from its BEGIN to its
// COMMIT in one turn of the event loop, and so would a run of statements one after another. While
// it runs, no request is read: positions posted meanwhile cannot join the next batch (every batch
// was then one position), and the longest transaction is the API's longest stall. Each statement
// therefore starts on a turn of its own (docs/decisions/793).

/** Resolves on the event loop's next turn, once the I/O waiting now has been handled. */
const nextTurn = (): Promise<void> =>
  new Promise((resolve) => {
    setImmediate(resolve);
  });

/** The statements of `target` (the database or one transaction) each start on a turn of their own. */
function ownTurns(target: Pick<Transaction, 'query' | 'exec'>): void {
  const query = target.query.bind(target);
  const exec = target.exec.bind(target);
  target.query = async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
    await nextTurn();
    return query<T>(text, params, options);
  };
  target.exec = async (text: string, options?: QueryOptions) => {
    await nextTurn();
    return exec(text, options);
  };
}

/** `client`, its statements and those of its transactions each on a turn of the event loop. */
export function statementsOnTheirOwnTurn(client: PGlite): PGlite {
  ownTurns(client);
  const transaction = client.transaction.bind(client);
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      ownTurns(tx);
      return callback(tx);
    });
  return client;
}
