import { useEffect, useRef, useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { CAMERA_ERROR } from '@learn/shared';
import classes from './chat.module.css';

/** 'Take a Photo': live view, Capture, Retake, Use Photo (jpeg). The stream stops when the dialog closes. */
export default function CameraDialog({ onClose, onPhoto }: { onClose: () => void; onPhoto: (jpeg: Blob) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [ready, setReady] = useState(false);
  const [error, setError] = useState(false);
  const [shot, setShot] = useState<{ url: string; blob: Blob } | null>(null);

  useEffect(() => {
    let stopped = false;
    const start = async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera');
        const s = await navigator.mediaDevices.getUserMedia({ video: true, audio: false });
        if (stopped) return s.getTracks().forEach((t) => t.stop());
        stream.current = s;
        if (video.current) {
          video.current.srcObject = s;
          await video.current.play().catch(() => {});
        }
        setReady(true);
      } catch {
        if (!stopped) setError(true);
      }
    };
    void start();
    return () => {
      stopped = true;
      stream.current?.getTracks().forEach((t) => t.stop());
      stream.current = null;
      (window as unknown as { __chatCameraStopped?: boolean }).__chatCameraStopped = true;
    };
  }, []);

  useEffect(() => () => (shot ? URL.revokeObjectURL(shot.url) : undefined), [shot]);

  function capture() {
    const v = video.current;
    if (!v || !v.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    canvas.getContext('2d')?.drawImage(v, 0, 0);
    canvas.toBlob((blob) => blob && setShot({ url: URL.createObjectURL(blob), blob }), 'image/jpeg', 0.9);
  }

  return (
    <Modal opened onClose={onClose} title="Take a Photo" centered zIndex={400} data-camera>
      <div data-camera>
        {error && (
          <Text c="red.8" role="alert" mb="sm">
            {CAMERA_ERROR}
          </Text>
        )}
        <video ref={video} className={classes.video} muted playsInline hidden={!!shot || error} aria-label="Camera view" />
        {shot && <img src={shot.url} alt="The captured still" className={classes.video} />}
        <Group justify="flex-end" mt="md">
          {shot ? (
            <>
              <Button variant="default" onClick={() => setShot(null)}>
                Retake
              </Button>
              <Button onClick={() => onPhoto(shot.blob)}>Use Photo</Button>
            </>
          ) : (
            <Button onClick={capture} disabled={error || !ready}>
              Capture
            </Button>
          )}
        </Group>
      </div>
    </Modal>
  );
}
