; Seed: twins with invoke, landingpad and a C++ personality.
declare i32 @__gxx_personality_v0(...)
declare void @may_throw(i32)
declare ptr @__cxa_begin_catch(ptr)
declare void @__cxa_end_catch()

define i32 @eh1(i32 %x) personality ptr @__gxx_personality_v0 {
entry:
  invoke void @may_throw(i32 %x) to label %ok unwind label %lp
ok:
  %r = add nsw i32 %x, 1
  ret i32 %r
lp:
  %e = landingpad { ptr, i32 } catch ptr null
  %p = extractvalue { ptr, i32 } %e, 0
  %c = call ptr @__cxa_begin_catch(ptr %p)
  call void @__cxa_end_catch()
  ret i32 -1
}

define linkonce_odr i32 @eh2(i32 %x) personality ptr @__gxx_personality_v0 {
entry:
  invoke void @may_throw(i32 %x) to label %ok unwind label %lp
ok:
  %r = add i32 %x, 1
  ret i32 %r
lp:
  %e = landingpad { ptr, i32 } catch ptr null
  %p = extractvalue { ptr, i32 } %e, 0
  %c = call ptr @__cxa_begin_catch(ptr %p)
  call void @__cxa_end_catch()
  ret i32 -1
}

define i32 @use(i32 %x) {
  %a = call i32 @eh1(i32 %x)
  %b = call i32 @eh2(i32 %a)
  ret i32 %b
}
