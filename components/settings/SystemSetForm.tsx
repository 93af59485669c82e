'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { ReactNode } from 'react';
import { PictureWidget } from '@/components/fields/widgets/PictureWidget';
import { RoleSelect } from '@/components/users/RoleSelect';
import type { FieldDefinition } from '@/lib/fields/definition';
import { passwordRuleText } from '@/lib/auth/password-rule';
import { PAGE_SIZE_OPTIONS } from '@/lib/settings/settings-schema';
import { SettingSelect, SettingText } from './setting-inputs';
import type { useSystemSetForm } from './use-system-set-form';

type FormState = ReturnType<typeof useSystemSetForm>;

const LOGO_FIELD = { key: 'logo', title: 'Logo', type: 'one_picture' } as FieldDefinition;
const CLASS_OPTIONS = [1, 2, 3, 4].map((n) => ({
  value: String(n),
  label: n === 1 ? '不限（任意 1 种）' : `至少 ${n} 种`,
}));

function Section({ title, subheader, children }: { title: string; subheader: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardHeader
        title={title}
        subheader={subheader}
        slotProps={{ title: { component: 'h2', variant: 'subtitle1', sx: { fontWeight: 600 } } }}
      />
      <Divider />
      <CardContent
        sx={{
          display: 'grid',
          gap: 2.5,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {children}
      </CardContent>
    </Card>
  );
}

/** 系统设置: five sections, 保存 / 重置 at the bottom (sticky so they stay in reach). */
export function SystemSetForm({ state }: { state: FormState }) {
  const { draft, errors, isSaving, isDirty, change, submit, reset } = state;
  if (!draft) return null;
  const common = { draft, onChange: change };
  const minLength = Number(draft.password_min_length);
  const classes = Number(draft.password_classes);
  const policyHint =
    Number.isInteger(minLength) && minLength >= 8 && minLength <= 64 && classes >= 1 && classes <= 4
      ? `新密码须符合：${passwordRuleText({ minLength, classes })}`
      : undefined;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label="系统设置"
      sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 980 }}
    >
      <Section title="基本信息" subheader="显示在浏览器标题、登录页和侧边栏">
        <SettingText {...common} name="title" label="系统名称" error={errors.title} hint="最多 30 个字" />
        <SettingText {...common} name="login_subtitle" label="登录页副标题" error={errors.login_subtitle} />
        <Box sx={{ gridColumn: { md: '1 / -1' } }}>
          <PictureWidget
            field={LOGO_FIELD}
            path="logo"
            value={draft.logo}
            onChange={(update) =>
              change('logo', String((typeof update === 'function' ? update(draft.logo) : update) ?? ''))
            }
            error={errors.logo}
          />
        </Box>
        <Box sx={{ gridColumn: { md: '1 / -1' } }}>
          <SettingText {...common} name="footer" label="登录页页脚" error={errors.footer} isMultiline />
        </Box>
      </Section>
      <Section title="登录与会话" subheader="保存后立即对所有登录生效">
        <SettingText
          {...common}
          name="session_idle_minutes"
          label="空闲超时"
          unit="分钟"
          isNumber
          error={errors.session_idle_minutes}
          hint="5–10080 分钟内无操作则需重新登录"
        />
        <SettingText
          {...common}
          name="session_max_hours"
          label="登录有效期"
          unit="小时"
          isNumber
          error={errors.session_max_hours}
          hint="1–8760 小时后无论是否操作都需重新登录"
        />
        <SettingText
          {...common}
          name="login_max_failures"
          label="允许连续失败次数"
          unit="次"
          isNumber
          error={errors.login_max_failures}
          hint="3–20 次；同一账号在同一地址超过后暂时不能登录（同一地址、同一账号各地累计为 4 倍）"
        />
        <SettingText
          {...common}
          name="login_window_minutes"
          label="失败计数时间窗"
          unit="分钟"
          isNumber
          error={errors.login_window_minutes}
          hint="1–1440 分钟内的失败才计数"
        />
        <Box sx={{ gridColumn: { md: '1 / -1' } }}>
          <RoleSelect
            id="setting-two_factor_roles"
            label="须开启两步验证的角色"
            value={draft.two_factor_roles}
            onChange={(roles) => change('two_factor_roles', roles as typeof draft.two_factor_roles)}
            error={errors.two_factor_roles}
            hint="拥有所选任一角色的用户登录后须先在个人中心开启两步验证；不选则不强制"
            isRequired={false}
          />
        </Box>
      </Section>
      <Section title="密码策略" subheader="新建用户、重置密码和修改密码时检查">
        <SettingText
          {...common}
          name="password_min_length"
          label="最短长度"
          unit="位"
          isNumber
          error={errors.password_min_length}
          hint={policyHint ?? '8–64 位'}
        />
        <SettingSelect
          {...common}
          name="password_classes"
          label="须包含的字符种类"
          error={errors.password_classes}
          options={CLASS_OPTIONS}
          hint="小写字母、大写字母、数字、符号"
        />
      </Section>
      <Section title="历史版本与回收站" subheader="内容的修改记录和删除后的保留时间">
        <SettingText
          {...common}
          name="revision_keep"
          label="每条内容保留的历史版本数"
          unit="个"
          isNumber
          error={errors.revision_keep}
          hint="0–1000；超出时删除最早的版本，0 表示全部保留"
        />
        <SettingText
          {...common}
          name="recycle_days"
          label="回收站保留天数"
          unit="天"
          isNumber
          error={errors.recycle_days}
          hint="0–3650；删除的内容在回收站中保留的天数，到期后自动彻底删除，0 表示直到彻底删除"
        />
      </Section>
      <Section title="界面" subheader="所有管理员的默认值">
        <SettingSelect
          {...common}
          name="page_size"
          label="列表默认每页条数"
          error={errors.page_size}
          options={PAGE_SIZE_OPTIONS.map((n) => ({ value: String(n), label: `${n} 条/页` }))}
        />
        <FormControlLabel
          control={
            <Switch
              id="setting-error_log"
              checked={draft.error_log}
              onChange={(event) => change('error_log', event.target.checked)}
            />
          }
          label="显示错误日志按钮"
        />
      </Section>
      <Box
        sx={{
          position: 'sticky',
          bottom: 0,
          display: 'flex',
          gap: 1.5,
          py: 1.5,
          bgcolor: 'background.default',
          zIndex: 1,
        }}
      >
        <Button type="submit" variant="contained" loading={isSaving}>
          保存
        </Button>
        <Button type="button" variant="outlined" onClick={reset} disabled={isSaving || !isDirty}>
          重置
        </Button>
      </Box>
    </Box>
  );
}
