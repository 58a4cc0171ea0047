import { registerMessageHandlers } from './messages';

// Listeners are registered synchronously on every start, so events that woke the worker are not missed.
export default defineBackground(() => {
  registerMessageHandlers();
});
