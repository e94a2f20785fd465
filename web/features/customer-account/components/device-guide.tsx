import { MonitorSmartphone } from 'lucide-react'
import { useState } from 'react'
import { SectionCard } from '@/components/section-card'
import { FormField } from '@/components/ui/form-field'
import { NativeSelect } from '@/components/ui/native-select'
import { Skeleton } from '@/components/ui/skeleton'
import { useDeviceGuides } from '../api/get-device-guides'

/** Setup steps for a device, the one the customer named first; a picker for the others. */
export function DeviceGuide() {
  const guides = useDeviceGuides()
  const [chosen, setChosen] = useState<string | null>(null)
  const deviceName = chosen ?? guides.data?.suggested
  const guide = guides.data?.guides.find((candidate) => candidate.deviceName === deviceName)
  return (
    <SectionCard title="Set up a device" icon={MonitorSmartphone}>
      {!guides.data ? (
        <Skeleton className="h-32" />
      ) : (
        <>
          <FormField id="device-picker" label="Your device">
            {(controlProps) => (
              <NativeSelect
                {...controlProps}
                value={deviceName}
                onChange={(event) => setChosen(event.target.value)}
              >
                {guides.data.guides.map((option) => (
                  <option key={option.deviceName} value={option.deviceName}>
                    {option.deviceName}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          {guide && (
            <ol className="grid list-decimal gap-2 pl-5 text-sm leading-6" aria-live="polite">
              {guide.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          )}
        </>
      )}
    </SectionCard>
  )
}
