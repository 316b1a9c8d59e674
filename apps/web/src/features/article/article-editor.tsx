import '@mantine/tiptap/styles.css';
import { useState } from 'react';
import { Button, FileButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { Link, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { IconPhoto, IconUpload } from '@tabler/icons-react';
import Image from '@tiptap/extension-image';
import { useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { ARTICLE_TEXT as T } from './article-strings';

/** The toolbar in Indonesian (Mantine's defaults are English); only the controls used here matter. */
const LABELS: Partial<RichTextEditorLabels> = {
  boldControlLabel: 'Tebal',
  italicControlLabel: 'Miring',
  underlineControlLabel: 'Garis bawah',
  strikeControlLabel: 'Coret',
  linkControlLabel: 'Tautan',
  unlinkControlLabel: 'Hapus tautan',
  bulletListControlLabel: 'Daftar berbutir',
  orderedListControlLabel: 'Daftar bernomor',
  h2ControlLabel: 'Judul 2',
  h3ControlLabel: 'Judul 3',
  h4ControlLabel: 'Judul 4',
  blockquoteControlLabel: 'Kutipan',
  undoControlLabel: 'Urungkan',
  redoControlLabel: 'Ulangi',
  linkEditorInputLabel: 'Alamat tautan',
  linkEditorInputPlaceholder: 'https://contoh.com/',
  linkEditorExternalLink: 'Buka tautan di tab baru',
  linkEditorInternalLink: 'Buka tautan di tab yang sama',
  linkEditorSave: 'Simpan',
};

export interface ArticleEditorProps {
  /** the body when the editor opens; later changes come from the editor itself */
  initialHtml: string;
  /** the body after each edit ('' when the document is empty) */
  onChange: (html: string) => void;
  /** the id of the field's label, read by screen readers as the editor's name */
  labelledBy: string;
  /** the id of the field's error, when there is one */
  errorId?: string;
  /** uploads a picture for the body and answers where it is served */
  uploadImage: (file: File) => Promise<string>;
}

/**
 * The article body's rich-text editor (issue 23): Mantine's Tiptap integration with headings 2-4,
 * bold, italic, underline, strike, lists, quotes, links, pictures (by address or uploaded) and
 * undo/redo. Its own chunk: only the article form loads Tiptap.
 */
export function ArticleEditor({
  initialHtml,
  onChange,
  labelledBy,
  errorId,
  uploadImage,
}: ArticleEditorProps) {
  const editor = useEditor({
    extensions: [
      // Mantine's Link replaces the kit's (its toolbar control opens with Mod+K)
      StarterKit.configure({ link: false, heading: { levels: [2, 3, 4] } }),
      Link,
      Image.configure({ allowBase64: false }),
    ],
    content: initialHtml,
    // Mantine's controls read the editor's state on render (tiptap 3)
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        'aria-labelledby': labelledBy,
        'aria-multiline': 'true',
        role: 'textbox',
        ...(errorId ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
        'data-testid': 'article-editor',
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });

  return (
    <RichTextEditor editor={editor} labels={LABELS} data-invalid={errorId ? 'true' : undefined}>
      <RichTextEditor.Toolbar sticky stickyOffset={0} aria-label={T.toolbarLabel}>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H2 />
          <RichTextEditor.H3 />
          <RichTextEditor.H4 />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
          <RichTextEditor.Strikethrough />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
          <RichTextEditor.Blockquote />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
          <ImageControl editor={editor} uploadImage={uploadImage} />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Undo />
          <RichTextEditor.Redo />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content className="sapa-article-body" mih={280} />
    </RichTextEditor>
  );
}

/** A picture by its address (http/https) or uploaded from the device, with its alternative text. */
function ImageControl({
  editor,
  uploadImage,
}: {
  editor: Editor | null;
  uploadImage: (file: File) => Promise<string>;
}) {
  const [opened, setOpened] = useState(false);
  const [url, setUrl] = useState('');
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const close = () => {
    setOpened(false);
    setUrl('');
    setAlt('');
    setError(null);
  };
  const insert = (src: string) => {
    editor
      ?.chain()
      .focus()
      .setImage({ src, alt: alt.trim() || undefined })
      .run();
    close();
  };
  const submit = () => {
    const src = url.trim();
    if (!/^https?:\/\/\S+$/i.test(src)) return setError(T.imageUrlInvalid);
    insert(src);
  };
  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    setError(null);
    try {
      insert(await uploadImage(file));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : T.imageUrlInvalid);
    } finally {
      setUploading(false);
    }
  };

  return (
    <>
      <RichTextEditor.Control
        onClick={() => setOpened(true)}
        aria-label={T.imageControl}
        title={T.imageControl}
        data-testid="article-image-control"
      >
        <IconPhoto size={16} stroke={1.5} />
      </RichTextEditor.Control>
      <Modal
        opened={opened}
        onClose={close}
        title={T.imageTitle}
        centered
        closeButtonProps={{ 'aria-label': 'Tutup' }}
      >
        <Stack gap="md">
          <TextInput
            label={T.imageUrl}
            placeholder={T.imageUrlPlaceholder}
            type="url"
            value={url}
            onChange={(event) => {
              setUrl(event.currentTarget.value);
              setError(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                submit();
              }
            }}
            error={error}
            data-autofocus
            data-testid="article-image-url"
          />
          <TextInput
            label={T.imageAlt}
            description={T.imageAltDescription}
            value={alt}
            onChange={(event) => setAlt(event.currentTarget.value)}
          />
          <Group justify="space-between" gap="sm">
            <FileButton
              onChange={(file) => void upload(file)}
              accept="image/jpeg,image/png,image/webp,image/gif"
            >
              {(props) => (
                <Button
                  {...props}
                  variant="subtle"
                  leftSection={<IconUpload size={16} />}
                  loading={uploading}
                >
                  {T.imageUpload}
                </Button>
              )}
            </FileButton>
            <Group gap="sm">
              <Button variant="default" onClick={close}>
                {T.imageCancel}
              </Button>
              <Button onClick={submit} data-testid="article-image-insert">
                {T.imageInsert}
              </Button>
            </Group>
          </Group>
          <Text size="xs" c="dimmed">
            {T.coverDescription}
          </Text>
        </Stack>
      </Modal>
    </>
  );
}
