/**
 * `next(value)` now when `value` is ready, after it settles when it is a promise. Lets an
 * operation wait only for the steps that really are asynchronous (a rate reload, a stored
 * product, a store that writes asynchronously): `await` suspends even on a ready value, and an
 * `async` function makes a promise of its own, which the common checkout would pay at every step.
 */
export function after<T, R>(value: T | Promise<T>, next: (ready: T) => R | Promise<R>): R | Promise<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}
