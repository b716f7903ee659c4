import {
  type BcfVersion,
  bcfVersionSchema,
  DEFAULT_BCF_VERSION,
  type Project,
  type ReportFormat,
  type ReportType,
} from '@plumbline/contracts';
import { useState } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { BcfValiditySwitch } from '@/lib/bcf-validity-switch';
import { useT } from '@/lib/i18n';
import { useBimFiles } from '../projects/files/queries';
import { defaultReportName } from './report-messages';

export interface GenerateRequest {
  reportType: ReportType;
  format: ReportFormat;
  bcfGrouping: 'type' | 'element';
  bcfVersion: BcfVersion;
  /** BCF only: the model's validity findings too, one topic per failing rule (issue 38). */
  bcfValidity: boolean;
  fileId: string;
  name: string;
  description: string;
}

/** The form behind each report type of the Generate Reports card (spec 2 §5 Report generation). */
export function GenerateReportDialog({
  project,
  type,
  onClose,
  onGenerate,
}: {
  project: Project;
  type: ReportType | null;
  onClose: () => void;
  onGenerate: (request: GenerateRequest) => Promise<boolean>;
}) {
  // A fresh form per report type: its fields start from that type's defaults.
  return type ? (
    <GenerateForm key={type} project={project} type={type} onClose={onClose} onGenerate={onGenerate} />
  ) : null;
}

function GenerateForm({
  project,
  type,
  onClose,
  onGenerate,
}: {
  project: Project;
  type: ReportType;
  onClose: () => void;
  onGenerate: (request: GenerateRequest) => Promise<boolean>;
}) {
  const t = useT('reports');
  const label = t('reports.type.name', { type });
  const files = useBimFiles(project.id);
  const [name, setName] = useState(defaultReportName(label));
  const [description, setDescription] = useState('');
  const [fileId, setFileId] = useState('all');
  const [format, setFormat] = useState<ReportFormat>('pdf');
  const [grouping, setGrouping] = useState<'type' | 'element'>('type');
  const [bcfVersion, setBcfVersion] = useState<BcfVersion>(DEFAULT_BCF_VERSION);
  const [bcfValidity, setBcfValidity] = useState(false);
  const [sending, setSending] = useState(false);
  const completed = (files.data ?? []).filter((f) => f.status === 'completed' && f.included);
  // A BCF belongs to one model: with BCF chosen, 'All files' gives way to the first file.
  const bcf = format === 'bcf';
  const chosenFile = bcf && fileId === 'all' ? (completed[0]?.id ?? 'all') : fileId;

  const submit = async () => {
    setSending(true);
    const done = await onGenerate({
      reportType: type,
      format: type === 'ai_insights' ? 'pdf' : format,
      bcfGrouping: grouping,
      bcfVersion,
      bcfValidity: bcf && bcfValidity,
      fileId: chosenFile,
      name: name.trim(),
      description: description.trim(),
    });
    setSending(false);
    if (done) onClose();
  };

  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      className="max-w-lg"
      title={label}
      description={t('reports.dialog.description', { type })}
      onSubmit={() => void submit()}
      submitLabel={t('reports.dialog.submit')}
      pendingLabel={t('reports.dialog.pending')}
      pending={sending}
      submitDisabled={!name.trim()}
    >
      <div className="grid gap-3">
        <FormField
          label={t('reports.dialog.name')}
          error={name.trim() ? undefined : t('reports.dialog.nameRequired')}
        >
          <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={200} />
        </FormField>
        <FormField label={t('reports.dialog.descriptionField')}>
          <Textarea
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            maxLength={1000}
            rows={2}
          />
        </FormField>
        <FormField label={t('reports.dialog.files')}>
          <Select value={chosenFile} onValueChange={setFileId}>
            <SelectTrigger aria-label={t('reports.dialog.files')}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {!bcf && (
                <SelectItem value="all">{t('reports.dialog.allFiles', { project: project.name })}</SelectItem>
              )}
              {completed.map((f) => (
                <SelectItem key={f.id} value={f.id}>
                  {f.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
        {type === 'comprehensive' && (
          <FormField label={t('reports.dialog.format')}>
            <Select value={format} onValueChange={(v) => setFormat(v as ReportFormat)}>
              <SelectTrigger aria-label={t('reports.dialog.format')}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="pdf">PDF</SelectItem>
                <SelectItem value="xlsx">{t('reports.dialog.formatXlsx')}</SelectItem>
                <SelectItem value="bcf">{t('reports.dialog.formatBcf')}</SelectItem>
              </SelectContent>
            </Select>
          </FormField>
        )}
        {type === 'comprehensive' && bcf && (
          <FormField label={t('reports.dialog.bcfTopics')}>
            <Select value={grouping} onValueChange={(v) => setGrouping(v as 'type' | 'element')}>
              <SelectTrigger aria-label={t('reports.dialog.bcfTopics')}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="type">{t('reports.dialog.byType')}</SelectItem>
                <SelectItem value="element">{t('reports.dialog.byElement')}</SelectItem>
              </SelectContent>
            </Select>
          </FormField>
        )}
        {type === 'comprehensive' && bcf && (
          <FormField label={t('reports.dialog.bcfVersion')}>
            <Select value={bcfVersion} onValueChange={(v) => setBcfVersion(bcfVersionSchema.parse(v))}>
              <SelectTrigger aria-label={t('reports.dialog.bcfVersion')}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {bcfVersionSchema.options.map((version) => (
                  <SelectItem key={version} value={version}>
                    {t('reports.dialog.bcfVersionName', {
                      version,
                      mostTools: version === '2.1' ? 'yes' : 'no',
                    })}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormField>
        )}
        {type === 'comprehensive' && bcf && (
          <BcfValiditySwitch checked={bcfValidity} onCheckedChange={setBcfValidity} />
        )}
      </div>
    </FormDialog>
  );
}
