import { create } from 'zustand';

/** A question that needs a yes before a change that cannot be taken back. */
export interface Confirmation {
  title: string;
  /** What will happen, in words: what is deleted, what is lost, what stays. */
  consequence: string;
  /** The button that goes ahead ("Delete", "Remove", "Discard"). */
  action: string;
}

interface ConfirmState {
  asked: (Confirmation & { answer: (yes: boolean) => void }) | null;
}

export const useConfirm = create<ConfirmState>(() => ({ asked: null }));

/**
 * Asks in the app's own dialog (components/ui/ConfirmDialog.tsx) and resolves true only on the
 * action's button; Cancel, Escape or a new question resolve false.
 */
export function askFirst(question: Confirmation): Promise<boolean> {
  useConfirm.getState().asked?.answer(false);
  return new Promise((resolve) => {
    useConfirm.setState({
      asked: {
        ...question,
        answer: (yes) => {
          useConfirm.setState({ asked: null });
          resolve(yes);
        },
      },
    });
  });
}
