'use client';

import LockOutlined from '@mui/icons-material/LockOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { TwoFactorStep } from './TwoFactorStep';
import { useLoginForm } from './use-login-form';

export type LoginSite = { title: string; logo: string; subtitle: string; footer: string };

export function LoginView({ site }: { site: LoginSite }) {
  const form = useLoginForm();
  const { values, errors, failure, isSubmitting, isHydrated, change, submit } = form;
  const [isPasswordShown, setIsPasswordShown] = useState(false);

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        background: 'linear-gradient(160deg, #2d3a4b 0%, #1f2d3d 100%)',
      }}
    >
      <Paper elevation={8} sx={{ width: '100%', maxWidth: 400, p: { xs: 3, sm: 4 }, borderRadius: 2 }}>
        {site.logo && (
          <Box
            component="img"
            src={site.logo}
            alt=""
            sx={{ display: 'block', mx: 'auto', mb: 1.5, maxHeight: 56, maxWidth: '60%' }}
          />
        )}
        <Typography component="h1" variant="h5" sx={{ textAlign: 'center', fontWeight: 600, mb: 0.5 }}>
          {site.title}
        </Typography>
        <Typography sx={{ textAlign: 'center', color: 'text.secondary', mb: 3 }}>
          {form.codeStep ? '两步验证' : site.subtitle || '请使用管理员账号登录'}
        </Typography>
        <noscript>
          <Alert severity="warning" sx={{ mb: 2 }}>
            请启用浏览器的 JavaScript 后再登录。
          </Alert>
        </noscript>
        {form.codeStep ? (
          <TwoFactorStep
            step={form.codeStep}
            error={errors.code}
            failure={failure}
            isSubmitting={isSubmitting}
            onChange={form.changeCode}
            onSubmit={form.submitCode}
            onBack={() => form.leaveCodeStep()}
          />
        ) : (
          <Box
            component="form"
            noValidate
            onSubmit={submit}
            aria-label="登录"
            sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}
          >
            {/*
            The fields get their names only once React has taken the form over: submitted before
            that (a slow script, JavaScript off), the browser sends no field at all, so the password
            can never end up in the URL, a history entry, a proxy log or a Referer.
          */}
            <TextField
              label="用户名"
              name={isHydrated ? 'username' : undefined}
              autoComplete="username"
              autoFocus
              fullWidth
              value={values.username}
              onChange={(event) => change('username', event.target.value)}
              error={Boolean(errors.username)}
              helperText={errors.username}
              slotProps={{
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <PersonOutlined fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />
            <TextField
              label="密码"
              name={isHydrated ? 'password' : undefined}
              type={isPasswordShown ? 'text' : 'password'}
              autoComplete="current-password"
              fullWidth
              value={values.password}
              onChange={(event) => change('password', event.target.value)}
              error={Boolean(errors.password)}
              helperText={errors.password}
              slotProps={{
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <LockOutlined fontSize="small" />
                    </InputAdornment>
                  ),
                  endAdornment: (
                    <InputAdornment position="end">
                      <IconButton
                        aria-label={isPasswordShown ? '隐藏密码' : '显示密码'}
                        onClick={() => setIsPasswordShown((shown) => !shown)}
                        edge="end"
                        size="small"
                      >
                        {isPasswordShown ? (
                          <VisibilityOff fontSize="small" />
                        ) : (
                          <Visibility fontSize="small" />
                        )}
                      </IconButton>
                    </InputAdornment>
                  ),
                },
              }}
            />
            {failure && (
              <Alert severity="error" data-testid="login-error">
                {failure}
              </Alert>
            )}
            <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
              登录
            </Button>
          </Box>
        )}
      </Paper>
      {site.footer && (
        <Typography
          component="footer"
          variant="caption"
          sx={{
            color: 'rgba(255,255,255,0.65)',
            textAlign: 'center',
            alignSelf: 'end',
            whiteSpace: 'pre-line',
          }}
        >
          {site.footer}
        </Typography>
      )}
    </Box>
  );
}
