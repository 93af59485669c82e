import 'server-only';
import { closeDb } from '@/lib/db/client';
import { orphanGraceHours, sweepOrphanFiles, type SweepReason } from './orphan-sweep';

const USAGE = `用法：npm run storage:sweep [-- --dry-run]
  清理超过 UPLOAD_ORPHAN_HOURS（默认 24）小时、未被任何内容、流程记录、单页、回收站、历史版本、
  系统设置或头像使用的上传文件（本地或 S3，以当前配置为准），以及无记录的文件和上传中途留下的文件。
  --dry-run  只列出将删除的文件，不做任何改动。
  嵌入式数据库（未设置 DATABASE_URL）须先停止应用；PostgreSQL 上应用可继续运行。`;

const REASONS: Record<SweepReason, string> = {
  unreferenced: '未被使用',
  unrecorded: '无上传记录且未被使用',
  partial: '上传中途留下',
};

const ALLOWED = ['--dry-run'];

/**
 * `npm run storage:sweep` (scripts/storage-sweep.mjs). Returns the exit code; `print` gets each
 * line; `close` closes the database at the end (PGlite writes its files and drops its lock).
 */
export const runSweepCli = async ({
  argv,
  print = console.log,
  close = closeDb,
}: {
  argv: string[];
  print?: (line: string) => void;
  close?: () => Promise<void>;
}) => {
  if (argv.includes('-h') || argv.includes('--help')) {
    print(USAGE);
    return 0;
  }
  const unknown = argv.filter((arg) => !ALLOWED.includes(arg));
  if (unknown.length) {
    print(`未知的选项：${unknown.join(' ')}\n${USAGE}`);
    return 2;
  }
  const isDryRun = argv.includes('--dry-run');
  const hours = orphanGraceHours();
  if (hours <= 0) {
    print('UPLOAD_ORPHAN_HOURS=0：清理已关闭，未做任何改动。');
    return 0;
  }
  try {
    const { files, isBusy } = await sweepOrphanFiles({ isDryRun });
    for (const file of files) {
      print(
        `${isDryRun ? '将删除' : file.isFailed ? '删除失败' : '已删除'}  ${file.driver}  ${file.key}  ` +
          `${file.size} 字节  ${REASONS[file.reason]}，自 ${file.since.toISOString()}`,
      );
    }
    const total = files.reduce((sum, file) => sum + file.size, 0);
    const failed = files.filter((file) => file.isFailed).length;
    print(
      `${isDryRun ? '试运行：将删除' : '已删除'} ${files.length - failed} 个文件（共 ${total} 字节），` +
        `超过 ${hours} 小时未被使用${failed ? `；${failed} 个删除失败，下次清理时重试` : ''}。`,
    );
    if (isBusy) {
      print('另一个实例正在清理：本次在此停止，其余由它完成。');
      return 3;
    }
    return failed ? 1 : 0;
  } catch (error) {
    print(`清理失败：${(error as Error).message}`);
    return 1;
  } finally {
    await close();
  }
};
