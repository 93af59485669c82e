'use client';

import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { addErrorLog, describeError } from '@/lib/client/error-log-store';

type ViewErrorBoundaryState = { error: Error | null };

/** A view that throws while rendering shows a notice (and lands in the error log) instead of blanking the shell. */
export class ViewErrorBoundary extends Component<{ children: ReactNode }, ViewErrorBoundaryState> {
  state: ViewErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): ViewErrorBoundaryState {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    const { message, stack } = describeError({ error });
    addErrorLog({ message, stack, info: (info.componentStack ?? '').trim().split('\n')[0]?.trim() ?? '' });
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => this.setState({ error: null })}>
            重试
          </Button>
        }
      >
        <AlertTitle>页面出错了</AlertTitle>
        {this.state.error.message || '未知错误'}
      </Alert>
    );
  }
}
