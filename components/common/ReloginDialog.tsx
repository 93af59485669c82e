'use client';

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { endPageSession } from '@/lib/auth/end-page-session';
import { removeToken } from '@/lib/client/cookie-store';
import { useExternalStore } from '@/components/common/use-external-store';
import { closeReloginDialog, reloginDialogStore } from '@/lib/client/relogin-store';

/** Opened by the API client on 50008/50012/50014; one at a time however many calls fail. */
export function ReloginDialog() {
  const isOpen = useExternalStore({ store: reloginDialogStore, serverValue: false });
  const [isLeaving, setIsLeaving] = useState(false);

  const relogin = async () => {
    setIsLeaving(true);
    removeToken();
    // The httpOnly page cookie must go too, or the reload would land back inside the admin area.
    await endPageSession().catch(() => undefined);
    window.location.reload();
  };

  return (
    <Dialog
      open={isOpen}
      onClose={closeReloginDialog}
      aria-labelledby="relogin-title"
      aria-describedby="relogin-text"
    >
      <DialogTitle id="relogin-title">确认退出</DialogTitle>
      <DialogContent>
        <DialogContentText id="relogin-text">
          您已经登出，可以取消继续留在该页面，或者重新登录
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={closeReloginDialog} disabled={isLeaving}>
          取消
        </Button>
        <Button variant="contained" onClick={relogin} loading={isLeaving} autoFocus>
          重新登录
        </Button>
      </DialogActions>
    </Dialog>
  );
}
