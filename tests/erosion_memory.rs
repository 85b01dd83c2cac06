//! Memory of erosion on a 2048 × 2048 map, measured with a counting allocator (this
//! file holds a single test so nothing else allocates while it measures).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use landform::erosion::{Eroder, ErosionParams};

struct Counting;
static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        let now = LIVE.fetch_add(l.size(), Relaxed) + l.size();
        PEAK.fetch_max(now, Relaxed);
        System.alloc(l)
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        LIVE.fetch_sub(l.size(), Relaxed);
        System.dealloc(p, l)
    }
}

#[global_allocator]
static A: Counting = Counting;

#[test]
fn eroding_a_2048_map_needs_less_than_64_mb_beyond_the_map() {
    let n = 2048;
    let mut map: Vec<f32> = (0..n * n)
        .map(|i| ((i % n) as f32 * 0.01).sin() * 0.5 + (i / n) as f32 / n as f32)
        .collect();
    let base = LIVE.load(Relaxed);
    PEAK.store(base, Relaxed);
    let params = ErosionParams {
        radius: 16.0,
        ..ErosionParams::default()
    };
    let mut e = Eroder::new(n, n, params).unwrap();
    for _ in 0..4 {
        e.run(&mut map, 2_000).unwrap();
    }
    let extra = PEAK.load(Relaxed) - base;
    assert!(e.budget().eroded > 0.0);
    assert!(
        extra < 64 << 20,
        "erosion allocated {extra} bytes beyond the map"
    );
    assert!(
        extra < 64 << 10,
        "the brush table should be a few KB, got {extra} bytes"
    );
}
