import { createExternalStore } from './external-store';

/** Whether the "session ended" dialog is showing; many failing calls still open it only once. */
export const reloginDialogStore = createExternalStore({ initial: false });

export const openReloginDialog = () => {
  if (!reloginDialogStore.get()) reloginDialogStore.set(true);
};

export const closeReloginDialog = () => reloginDialogStore.set(false);
