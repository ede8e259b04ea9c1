// expect: none
// Within src/server/lib, one utility may build on another.
import { KeyedQueue } from './keyed-queue.ts';

export const queue = new KeyedQueue();
