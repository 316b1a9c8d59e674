import type { CSSProperties } from 'react';
import { ColorInput, Input, Stack } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { LABEL_COLORS, labelTextColor } from '@sapa/contracts';
import { LABEL_TEXT } from './label-strings';

export interface LabelColorFieldProps {
  value: string;
  onChange: (color: string) => void;
  error?: string | undefined;
}

/**
 * The label's colour: the preset palette as a radio group (arrow keys move, space picks), or any
 * #rrggbb typed or picked in the colour input below.
 */
export function LabelColorField({ value, onChange, error }: LabelColorFieldProps) {
  const current = value.trim().toLowerCase();
  return (
    <Stack gap={8}>
      <Input.Wrapper label={LABEL_TEXT.colorLabel} size="md" id="label-color-presets-label">
        <fieldset
          className="sapa-label-swatches"
          aria-labelledby="label-color-presets-label"
          data-testid="label-color-swatches"
        >
          {LABEL_COLORS.map((color) => (
            <label
              key={color.value}
              className="sapa-label-swatch"
              title={color.name}
              style={
                { '--label-color': color.value, '--label-text': labelTextColor(color.value) } as CSSProperties
              }
            >
              <input
                type="radio"
                name="label-color"
                value={color.value}
                checked={current === color.value}
                onChange={() => onChange(color.value)}
                aria-label={color.name}
              />
              <span className="sapa-label-swatch-color" aria-hidden>
                {current === color.value ? <IconCheck size={18} stroke={2.5} /> : null}
              </span>
            </label>
          ))}
        </fieldset>
      </Input.Wrapper>
      <ColorInput
        label={LABEL_TEXT.colorCustom}
        description={LABEL_TEXT.colorCustomHint}
        format="hex"
        withEyeDropper={false}
        value={value}
        onChange={onChange}
        error={error}
        maxLength={7}
        data-testid="label-color-input"
      />
    </Stack>
  );
}
