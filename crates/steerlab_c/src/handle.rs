//! What every entry point shares: the status codes, the last error's message, the catching of
//! panics, and the handles (opaque to the caller) with their checks.
//!
//! A handle is the address of a slot that lives until the process ends: freeing a handle
//! drops what it holds and marks the slot freed, but the slot itself (24 bytes) stays,
//! so that a freed handle is still a readable address, is recognised as freed, and is never
//! handed out again. A slot holds its contents behind a lock taken with `try_lock`: two calls
//! on one handle at the same time from two threads are not undefined, the second is refused.

use std::cell::RefCell;
use std::ffi::{CString, c_char};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, TryLockError};

/// What a call did: `STEERLAB_STATUS_OK` (0), or why it did nothing. The message of the last
/// failure on the calling thread says more (`steerlab_last_error`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SteerlabStatus {
    /// Done.
    Ok = 0,
    /// A scene that does not load or does not check; the message has every problem, located
    /// (file, line, column, field) as `steerlab validate` prints them.
    InvalidScene = 1,
    /// A null handle or a null pointer where one is needed.
    Null = 2,
    /// A handle already freed, or a handle of the other kind (a world's given for a crowd's).
    BadHandle = 3,
    /// Another thread is in a call on the same handle.
    Busy = 4,
    /// A buffer shorter than what the call writes; nothing was written.
    BufferTooShort = 5,
    /// A number that is not finite, or a count out of range.
    BadNumber = 6,
    /// An entity id the crowd does not hold, or one it already holds.
    BadId = 7,
    /// Any other argument refused (a group the scene lacks, a field path, a target, text that
    /// is not UTF-8); the message says which and why.
    BadArgument = 8,
    /// steerlab failed inside (a bug): caught before it reached the caller; the message says
    /// where. The handle may be used again.
    Internal = 9,
}

/// A failure: its status and its message.
pub struct Failure {
    pub status: SteerlabStatus,
    pub message: String,
}

impl Failure {
    pub fn new(status: SteerlabStatus, message: impl Into<String>) -> Self {
        Self {
            status,
            message: message.into(),
        }
    }
}

/// A call's result before it crosses the boundary.
pub type Outcome = Result<(), Failure>;

thread_local! {
    /// The message of the last failure on this thread (with its NUL).
    static LAST_ERROR: RefCell<CString> = RefCell::new(CString::default());
}

/// Runs `body`, catching a panic, and turns its result into a status; a failure's message is
/// kept for `steerlab_last_error`.
pub fn guard(body: impl FnOnce() -> Outcome) -> SteerlabStatus {
    let result = catch_unwind(AssertUnwindSafe(body)).unwrap_or_else(|panic| {
        let what = panic
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".to_owned());
        Err(Failure::new(
            SteerlabStatus::Internal,
            format!("steerlab failed inside: {what}"),
        ))
    });
    match result {
        Ok(()) => SteerlabStatus::Ok,
        Err(f) => {
            set_last_error(&f.message);
            f.status
        }
    }
}

/// Keeps `message` as this thread's last error (a NUL inside it ends it early).
pub fn set_last_error(message: &str) {
    let text = CString::new(message.replace('\0', " ")).unwrap_or_default();
    LAST_ERROR.with(|e| *e.borrow_mut() = text);
}

/// This thread's last error, as a pointer valid until this thread's next failing call.
pub fn last_error() -> *const c_char {
    LAST_ERROR.with(|e| e.borrow().as_ptr())
}

const FREED: u64 = 0x5445_4552_4645_0000;

/// A handle's slot: what kind it is (or that it was freed), first, and its contents.
#[repr(C)]
pub struct Slot<T> {
    magic: AtomicU64,
    /// Boxed, so that a freed slot keeps only its tag, its lock and a null.
    inner: Mutex<Option<Box<T>>>,
}

/// A slot's contents, locked.
type Held<'a, T> = MutexGuard<'a, Option<Box<T>>>;

/// A kind of handle: its tag and its name in messages.
pub trait Kind {
    const MAGIC: u64;
    const NAME: &'static str;
}

impl<T: Kind> Slot<T> {
    /// A new handle holding `value`: the slot is leaked on purpose (see the module's docs).
    pub fn leak(value: T) -> *mut Slot<T> {
        Box::into_raw(Box::new(Slot {
            magic: AtomicU64::new(T::MAGIC),
            inner: Mutex::new(Some(Box::new(value))),
        }))
    }

    /// The slot of `handle`, checked to be a live one of this kind, and its contents locked.
    ///
    /// # Safety
    /// `handle` is null or was returned by [`Slot::leak`] for this kind or another one (the
    /// tag, first in every slot, tells them apart).
    unsafe fn lock<'a>(handle: *mut Slot<T>) -> Result<(&'a Slot<T>, Held<'a, T>), Failure> {
        let fail = |status, what: &str| Failure::new(status, format!("{what} {} handle", T::NAME));
        // SAFETY: the caller gives null or a slot's address, and slots are never deallocated.
        let slot =
            unsafe { handle.as_ref() }.ok_or_else(|| fail(SteerlabStatus::Null, "a null"))?;
        match slot.magic.load(Ordering::Acquire) {
            m if m == T::MAGIC => {}
            FREED => return Err(fail(SteerlabStatus::BadHandle, "a freed")),
            _ => return Err(fail(SteerlabStatus::BadHandle, "not a")),
        }
        let inner = match slot.inner.try_lock() {
            Ok(inner) => inner,
            Err(TryLockError::WouldBlock) => {
                return Err(Failure::new(
                    SteerlabStatus::Busy,
                    format!("another thread is in a call on this {}", T::NAME),
                ));
            }
            // A panic was caught inside a call: the contents are as that call left them.
            Err(TryLockError::Poisoned(p)) => p.into_inner(),
        };
        if inner.is_none() {
            return Err(fail(SteerlabStatus::BadHandle, "a freed"));
        }
        Ok((slot, inner))
    }

    /// Runs `f` on what `handle` holds.
    ///
    /// # Safety
    /// As [`Slot::lock`].
    pub unsafe fn with<R>(
        handle: *mut Slot<T>,
        f: impl FnOnce(&mut T) -> Result<R, Failure>,
    ) -> Result<R, Failure> {
        // SAFETY: the caller's promise, passed on.
        let (_, mut inner) = unsafe { Self::lock(handle) }?;
        match inner.as_mut() {
            Some(value) => f(value),
            None => Err(Failure::new(SteerlabStatus::BadHandle, "a freed handle")),
        }
    }

    /// Drops what `handle` holds and marks it freed; null is nothing to do.
    ///
    /// # Safety
    /// As [`Slot::lock`].
    pub unsafe fn free(handle: *mut Slot<T>) -> Outcome {
        if handle.is_null() {
            return Ok(());
        }
        // SAFETY: the caller's promise, passed on.
        let (slot, mut inner) = unsafe { Self::lock(handle) }?;
        slot.magic.store(FREED, Ordering::Release);
        drop(inner.take());
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CStr;

    struct Thing(u32);
    impl Kind for Thing {
        const MAGIC: u64 = 1;
        const NAME: &'static str = "thing";
    }
    struct Other;
    impl Kind for Other {
        const MAGIC: u64 = 2;
        const NAME: &'static str = "other";
    }

    fn message() -> String {
        // SAFETY: `last_error` is never null and NUL-terminated.
        unsafe { CStr::from_ptr(last_error()) }
            .to_string_lossy()
            .into_owned()
    }

    fn status_of<R>(r: Result<R, Failure>) -> SteerlabStatus {
        guard(|| r.map(|_| ()))
    }

    #[test]
    fn a_handle_is_checked_for_null_kind_freedom_and_a_call_in_progress() {
        let h = Slot::leak(Thing(7));
        // SAFETY: handles from `leak`, or null; the wrong kind is told by the tag.
        unsafe {
            assert_eq!(Slot::with(h, |t| Ok(t.0)).ok(), Some(7));
            assert_eq!(
                status_of(Slot::<Thing>::with(std::ptr::null_mut(), |_| Ok(()))),
                SteerlabStatus::Null
            );
            assert_eq!(message(), "a null thing handle");
            let other = Slot::leak(Other).cast::<Slot<Thing>>();
            assert_eq!(
                status_of(Slot::with(other, |_| Ok(()))),
                SteerlabStatus::BadHandle
            );
            assert_eq!(message(), "not a thing handle");
            // Another thread in a call on it: the lock is held.
            let held = (*h).inner.lock().expect("the lock");
            assert_eq!(status_of(Slot::with(h, |_| Ok(()))), SteerlabStatus::Busy);
            assert_eq!(status_of(Slot::free(h)), SteerlabStatus::Busy);
            drop(held);
            assert_eq!(status_of(Slot::free(h)), SteerlabStatus::Ok);
            assert_eq!(
                status_of(Slot::with(h, |_| Ok(()))),
                SteerlabStatus::BadHandle
            );
            assert_eq!(message(), "a freed thing handle");
            assert_eq!(status_of(Slot::free(h)), SteerlabStatus::BadHandle);
            assert_eq!(
                status_of(Slot::<Thing>::free(std::ptr::null_mut())),
                SteerlabStatus::Ok
            );
        }
    }

    #[test]
    fn a_panic_is_caught_and_the_last_error_is_per_thread() {
        let status = guard(|| panic!("on purpose"));
        assert_eq!(status, SteerlabStatus::Internal);
        assert_eq!(message(), "steerlab failed inside: on purpose");
        let elsewhere = std::thread::spawn(message).join().expect("joined");
        assert_eq!(elsewhere, "", "another thread has its own last error");
        // A message with a NUL in it is cut nowhere: the NUL becomes a space.
        set_last_error("a\0b");
        assert_eq!(message(), "a b");
    }
}
