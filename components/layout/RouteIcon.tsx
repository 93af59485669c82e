import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import GppMaybeOutlined from '@mui/icons-material/GppMaybeOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import type { RouteIconName } from '@/lib/routes/types';

const ICONS = {
  home: HomeOutlined,
  settings: SettingsOutlined,
  shield: GppMaybeOutlined,
  history: HistoryOutlined,
  people: PeopleOutlined,
  person: PersonOutlined,
  category: CategoryOutlined,
  article: ArticleOutlined,
  folder: FolderOutlined,
  lock: LockOutlined,
  logout: LogoutOutlined,
} satisfies Record<RouteIconName, ComponentType<SvgIconProps>>;

export function RouteIcon({ name, ...props }: { name?: RouteIconName } & SvgIconProps) {
  const Icon = ICONS[name ?? 'folder'];
  return <Icon {...props} />;
}
