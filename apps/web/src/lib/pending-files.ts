// Files chosen in the wizard survive the trip to Stripe's checkout page (spec 1 §4 redirect path):
// a page navigation drops File objects, so they wait in IndexedDB under the checkout session id and
// are taken out (and deleted) when the browser comes back. Nothing is kept after that.

const DB_NAME = 'plumbline-pending-uploads';
const STORE = 'files';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return open().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const tx = db.transaction(STORE, mode);
        const request = work(tx.objectStore(STORE));
        tx.oncomplete = () => {
          db.close();
          resolve(request.result);
        };
        tx.onerror = () => {
          db.close();
          reject(tx.error);
        };
      }),
  );
}

/** Keeps the files for after the redirect; false when the browser has no room or no IndexedDB. */
export async function savePendingFiles(key: string, files: File[]): Promise<boolean> {
  if (files.length === 0) return true;
  try {
    await run('readwrite', (store) => store.put(files, key));
    return true;
  } catch {
    return false;
  }
}

/** The files kept under `key`, removed from storage as they are handed back. */
export async function takePendingFiles(key: string): Promise<File[]> {
  try {
    const files = (await run('readonly', (store) => store.get(key))) as File[] | undefined;
    await run('readwrite', (store) => store.delete(key));
    return files ?? [];
  } catch {
    return [];
  }
}
