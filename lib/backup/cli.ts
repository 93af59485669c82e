import 'server-only';
import { createBackup } from './create-backup';
import { RefusedError } from './load-database';
import { consoleReporter } from './reporter';
import { restoreBackup } from './restore-backup';

const USAGE = {
  backup: `用法：npm run backup -- <文件>
  把整个数据库（pg_dump）和全部上传文件写入一个备份文件（.tar.gz）。
  嵌入式数据库（未设置 DATABASE_URL）须先停止应用；PostgreSQL 上应用可继续运行。`,
  restore: `用法：npm run restore -- <文件> [--force]
  校验备份文件后载入当前配置的数据库和存储（可与备份时不同：PGlite ↔ PostgreSQL，本地 ↔ S3）。
  --force  目标数据库已有数据时删除并替换（否则拒绝）。恢复前请先停止应用。`,
};

/** `npm run backup` / `npm run restore` (scripts/backup-restore.mjs). Returns the exit code. */
export const runCli = async ({ command, argv }: { command: 'backup' | 'restore'; argv: string[] }) => {
  const files = argv.filter((arg) => !arg.startsWith('-'));
  const flags = argv.filter((arg) => arg.startsWith('-'));
  const allowed = command === 'restore' ? ['--force'] : [];
  if (flags.includes('-h') || flags.includes('--help')) {
    console.log(USAGE[command]);
    return 0;
  }
  const unknown = flags.filter((flag) => !allowed.includes(flag));
  if (files.length !== 1 || unknown.length) {
    console.error(`${unknown.length ? `未知的选项：${unknown.join(' ')}\n` : ''}${USAGE[command]}`);
    return 2;
  }
  const controller = new AbortController();
  const interrupt = () => {
    if (controller.signal.aborted) process.exit(130);
    console.error('\n正在中断（再按一次 Ctrl-C 立即退出）…');
    controller.abort(new Error('已被中断'));
  };
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);
  const report = consoleReporter();
  const label = command === 'backup' ? '备份' : '恢复';
  try {
    if (command === 'backup') await createBackup({ file: files[0], report, signal: controller.signal });
    else
      await restoreBackup({
        file: files[0],
        force: flags.includes('--force'),
        report,
        signal: controller.signal,
      });
    return 0;
  } catch (error) {
    console.error(`\n${label}失败：${(error as Error).message}`);
    if (controller.signal.aborted) return 130;
    return error instanceof RefusedError ? 3 : 1;
  }
};
