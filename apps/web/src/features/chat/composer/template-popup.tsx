import { Skeleton, Stack, Text } from '@mantine/core';
import { MESSAGE_TYPE_NAMES, type ChatTemplate } from '@sapa/contracts';
import { MessageTypeIcon } from '../../../components/message-type-icon';

export interface TemplatePopupProps {
  id: string;
  search: string;
  templates: ChatTemplate[] | undefined;
  loading: boolean;
  activeIndex: number;
  onActiveChange: (index: number) => void;
  onPick: (template: ChatTemplate) => void;
}

/**
 * spec §2: the template popup shown while the composer text starts with '/', listing the tenant's
 * templates (50, searched by what follows the '/'). Arrow keys move, Enter or a click picks.
 */
export function TemplatePopup({
  id,
  search,
  templates,
  loading,
  activeIndex,
  onActiveChange,
  onPick,
}: TemplatePopupProps) {
  return (
    <div
      className="sapa-template-popup"
      id={id}
      role="listbox"
      aria-label="Template pesan"
      data-testid="template-popup"
    >
      {loading && !templates ? (
        <Stack gap={6} p={6}>
          <Skeleton height={14} width="40%" />
          <Skeleton height={12} />
          <Skeleton height={14} width="30%" mt={6} />
          <Skeleton height={12} />
        </Stack>
      ) : !templates?.length ? (
        <Text size="sm" c="dimmed" p="sm" data-testid="template-empty">
          {search ? 'Template tidak ditemukan' : 'Belum ada template. Tambahkan template di Pengaturan'}
        </Text>
      ) : (
        templates.map((template, index) => (
          <div
            key={template._id}
            id={`${id}-${index}`}
            role="option"
            aria-selected={index === activeIndex}
            className="sapa-template-option"
            data-testid="template-option"
            onMouseEnter={() => onActiveChange(index)}
            // keep the focus in the text area
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onPick(template)}
          >
            <Text
              size="sm"
              fw={600}
              component="span"
              style={{ display: 'flex', alignItems: 'center', gap: 6 }}
            >
              {template.type !== 'text' ? <MessageTypeIcon type={template.type} size={15} /> : null}
              {template.title}
            </Text>
            <span className="sapa-template-option-text">
              {template.text || MESSAGE_TYPE_NAMES[template.type]}
            </span>
          </div>
        ))
      )}
    </div>
  );
}
