'use client';

import Button from '@mui/material/Button';
import { useRouter } from 'next/navigation';

export function BackButton() {
  const router = useRouter();
  return (
    <Button
      variant="outlined"
      onClick={() => (window.history.length > 1 ? router.back() : router.replace('/'))}
    >
      返回上一页
    </Button>
  );
}
