import { useState } from 'react';

/**
 * A dialog's state: whether it is open and what it is about. Closing keeps what it was about, so
 * the dialog fades out with its own words instead of an empty title; opening it again starts
 * afresh (the dialog's content mounts anew).
 */
export function useDialog<T>() {
  const [state, setState] = useState<{ isOpen: boolean; value: T | null }>({
    isOpen: false,
    value: null,
  });
  return {
    isOpen: state.isOpen,
    value: state.value,
    open: (value: T) => setState({ isOpen: true, value }),
    close: () => setState((current) => ({ ...current, isOpen: false })),
  };
}
